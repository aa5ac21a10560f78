import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopNav } from '../../../src/client/components/top-nav';
import { Footer } from '../../../src/client/components/footer';
import { Spinner } from '../../../src/client/components/spinner';

describe('public page chrome', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="marketing-url"]').forEach((m) => m.remove()));

  it('shows only the name, leading to the app, when no marketing site is configured', () => {
    render(<TopNav />);
    expect(screen.queryByRole('navigation', { name: 'Main site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Site menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EPCplus home' })).toHaveAttribute('href', '/');
  });

  it('links the top bar to the configured marketing site, and Property Professionals to the app root', async () => {
    const meta = document.createElement('meta');
    meta.name = 'marketing-url';
    meta.content = 'https://www.epc.example';
    document.head.append(meta);
    render(<TopNav />);
    const nav = screen.getByRole('navigation', { name: 'Main site' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['EPCs', 'Landlords', 'Homeowners', 'Property Professionals', 'About Us', 'Contact Us', 'Blog']);
    expect(within(nav).getByRole('link', { name: 'Property Professionals' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', 'https://www.epc.example/blog/');

    const toggle = screen.getByRole('button', { name: 'Site menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the footer logo and the legal links', () => {
    render(<Footer />);
    expect(screen.getByRole('img', { name: 'EPCplus logo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms');
  });

  it('announces the spinner with its label', () => {
    render(<Spinner label="Loading..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
