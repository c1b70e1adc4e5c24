import { Link } from 'react-router';
import { footerLinks } from './navigation.ts';

export function SiteFooter({ siteName, year }: { siteName: string; year: number }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Company and legal">
        <ul>
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__copy">
        © {year} {siteName}. Made in India.
      </p>
    </footer>
  );
}
