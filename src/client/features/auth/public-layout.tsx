import type { ReactNode } from 'react';
import { TopNav } from '../../components/top-nav';
import { Footer } from '../../components/footer';
import './auth.css';

/** A public page: the marketing bar, the page's own content, the footer. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public-page">
      <TopNav />
      <main className={wide ? 'public-main wide' : 'public-main'}>{children}</main>
      <Footer />
    </div>
  );
}
