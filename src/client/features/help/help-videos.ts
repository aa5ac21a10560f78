/**
 * The walkthrough videos, served as static files beside the app (public/videos/). Replacing a
 * video means replacing its file; the titles are the spec's.
 */
export const HELP_VIDEOS: readonly { title: string; src: string }[] = [
  { title: 'Welcome', src: '/videos/welcome.mp4' },
  { title: 'Types of report', src: '/videos/types-of-report.mp4' },
  { title: 'Creating a Preliminary Report', src: '/videos/creating-a-preliminary-report.mp4' },
  { title: 'Creating a Premium Report', src: '/videos/creating-a-premium-report.mp4' },
  { title: 'Customising branding', src: '/videos/customising-branding.mp4' },
];
