import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopNav } from '../../../src/client/components/top-nav';
import { Footer } from '../../../src/client/components/footer';
import { Spinner } from '../../../src/client/components/spinner';

describe('public page chrome', () => {
  it('links the top bar to the marketing site, and Property Professionals to the app root', async () => {
    render(<TopNav />);
    const nav = screen.getByRole('navigation', { name: 'Main site' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['EPCs', 'Landlords', 'Homeowners', 'Property Professionals', 'About Us', 'Contact Us', 'Blog']);
    expect(within(nav).getByRole('link', { name: 'Property Professionals' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', `${window.location.origin}/blog/`);

    const toggle = screen.getByRole('button', { name: 'Site menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the footer logo and the legal links', () => {
    render(<Footer />);
    expect(screen.getByRole('img', { name: 'EPCplus logo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', expect.stringMatching(/\/privacy-policy\/$/));
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/terms-and-conditions\/$/),
    );
  });

  it('announces the spinner with its label', () => {
    render(<Spinner label="Loading..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
