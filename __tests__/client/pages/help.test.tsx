import { screen } from '@testing-library/react';
import HelpPage from '../../../src/client/features/help/help-page';
import { renderWithProviders } from '../helpers/render';

describe('Help page', () => {
  it('embeds the five walkthrough videos with their titles', () => {
    renderWithProviders(<HelpPage />, { route: '/help' });
    expect(screen.getByRole('heading', { name: 'Help' })).toBeInTheDocument();
    const titles = ['Welcome', 'Types of report', 'Creating a Preliminary Report', 'Creating a Premium Report', 'Customising branding'];
    const videos = Array.from(document.querySelectorAll('video'));
    expect(videos.map((v) => v.getAttribute('title'))).toEqual(titles);
    for (const title of titles) expect(screen.getByText(title, { selector: 'figcaption' })).toBeInTheDocument();
  });

  it('explains the two report types, Premium delivered within 3 working days', () => {
    renderWithProviders(<HelpPage />, { route: '/about' });
    expect(screen.getByRole('heading', { name: 'About EPCplus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preliminary Report (EPC+)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Premium Report' })).toBeInTheDocument();
    expect(screen.getByText(/it is delivered within 3 working days/)).toBeInTheDocument();
  });
});
