/** Greeting bands: morning 03:00-11:59, afternoon 12:00-16:59, otherwise evening. */
export function greetingFor(date: Date): string {
  const h = date.getHours();
  if (h >= 3 && h < 12) return 'Good morning';
  if (h >= 12 && h < 17) return 'Good afternoon';
  return 'Good evening';
}
