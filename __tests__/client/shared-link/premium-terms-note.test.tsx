import { screen, waitFor } from '@testing-library/react';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { publishedPolicies } from '../../../src/shared/api/messages';
import { MARKETING_URL_META } from '../../../src/shared/links';
import { PremiumTermsNote } from '../../../src/client/shared-link/premium-terms-note';
import { renderWithProviders } from '../helpers/render';
import { answer, server } from '../helpers/msw';

/** The line above the owner's Pay now button, on an installation that has published what is given. */
function openNote(published: { terms: boolean; privacy: boolean }) {
  server.use(answer(publishedPolicies, () => ({ success: true as const, ...published })));
  const { store } = renderWithProviders(<PremiumTermsNote />);
  const answered = () =>
    Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'publishedPolicies' && q.status === QueryStatus.fulfilled);
  return { answered };
}

afterEach(() => document.head.querySelector(`meta[name="${MARKETING_URL_META}"]`)?.remove());

describe("the card form's agreement line", () => {
  it('links to the published terms', async () => {
    openNote({ terms: true, privacy: true });
    expect(await screen.findByRole('link', { name: 'Premium Report terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/By paying you agree to the/)).toBeInTheDocument();
  });

  it('is left out while no terms are published, so nobody is sent to an empty page', async () => {
    const note = openNote({ terms: false, privacy: true });
    // The page asked and was answered: the line stays away for good, not merely until the answer.
    await waitFor(() => expect(note.answered()).toBe(true));
    expect(screen.queryByText(/By paying you agree/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("links to the marketing site's Premium terms where the operator configured one", async () => {
    const meta = document.createElement('meta');
    meta.name = MARKETING_URL_META;
    meta.content = 'https://www.example.co.uk';
    document.head.append(meta);
    openNote({ terms: false, privacy: false });
    expect(await screen.findByRole('link', { name: 'Premium Report terms and conditions' })).toHaveAttribute(
      'href',
      'https://www.example.co.uk/premium-report-terms/',
    );
  });
});
