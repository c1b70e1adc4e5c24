/** The side menu, in the specification's order (content-and-shell.md, "Side menu links"). */
export const sideMenuLinks = [
  { to: '/blog', label: 'Blog' },
  { to: '/userforum', label: 'User Forum' },
  { to: '/textToAudio', label: 'Text to Audio' },
  { to: '/infopic', label: 'Infographics' },
  { to: '/testbank', label: 'MCQ Test Bank' },
  { to: '/SearchPage', label: 'Deep Search' },
  { to: '/daylow', label: 'Day Low' },
  { to: '/homeTools', label: 'Home Tools' },
  { to: '/tradingViewData', label: 'Market Index View' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/webstories', label: 'Web Stories' },
  { to: '/offers', label: 'Offers' },
  { to: '/moversShakers', label: 'Movers & Shakers' },
  { to: '/refer', label: 'Refer & Earn' },
  { to: '/portUrl', label: 'Portable URL' },
  { to: '/devbit', label: 'DevBit' },
  { to: '/donate', label: 'Donate' },
  { to: '/englishToHindi', label: 'English to Hindi' },
] as const;

export const footerLinks = [
  { to: '/aboutus', label: 'About Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/disclaimer', label: 'Disclaimer' },
  { to: '/affiliate-disclosure', label: 'Affiliate Disclosure' },
  { to: '/contact', label: 'Contact Us' },
] as const;
