import { Link } from 'react-router';
import { footerLinks } from './navigation.ts';

export function SiteFooter({ siteName }: { siteName: string }) {
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
        © {new Date().getFullYear()} {siteName}. Made in India.
      </p>
    </footer>
  );
}
