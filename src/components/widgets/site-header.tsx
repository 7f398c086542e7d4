/** SCAFFOLD: the fixed site header (spec §2), to be ported from SiteHeader.astro. */
import { Link } from 'react-router';
import { site } from '../../site.config.ts';

export function SiteHeader({ tone }: { tone: 'light' | 'dark' }) {
  return (
    <header data-tone={tone} className="fixed inset-x-0 top-0 z-40">
      <nav aria-label="Main">
        <Link to="/">{site.name}</Link>{' '}
        {site.nav.map((item) => (
          <Link key={item.href} to={item.href}>
            {item.label}
          </Link>
        ))}{' '}
        <Link to="/contact">Contact Us</Link>
      </nav>
    </header>
  );
}
