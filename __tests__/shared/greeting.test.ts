import { greetingFor } from '../../src/shared/greeting';

/** A local time on an ordinary day; the greeting follows the user's own clock. */
const at = (hours: number, minutes: number) => new Date(2025, 5, 15, hours, minutes);

describe('greetingFor', () => {
  it.each([
    [0, 0, 'Good evening'],
    [2, 59, 'Good evening'],
    [3, 0, 'Good morning'],
    [11, 59, 'Good morning'],
    [12, 0, 'Good afternoon'],
    [16, 59, 'Good afternoon'],
    [17, 0, 'Good evening'],
    [23, 59, 'Good evening'],
  ])('greets at %i:%i with %s', (hours, minutes, greeting) => {
    expect(greetingFor(at(hours, minutes))).toBe(greeting);
  });
});
