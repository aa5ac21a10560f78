import { screen } from '@testing-library/react';
import { NoticeRegion } from '../../../src/client/components/notice';
import { Landing } from './render';

/** A page other routes render to, with the shell's notice region, as a redirect after a save lands on. */
export const LandingWithNotice = ({ name }: { name: string }) => (
  <>
    <Landing name={name} />
    <NoticeRegion />
  </>
);

/** The confirmation a person sees, found in the polite live region screen readers announce. */
export async function findNotice(text: string) {
  const found = await screen.findByText(text);
  const region = found.closest('[role="status"]');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return found;
}
