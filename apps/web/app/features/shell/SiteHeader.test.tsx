import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sideMenuLinks } from './navigation.ts';
import { SiteHeader } from './SiteHeader.tsx';

// As in the root layout: one header that stays mounted while the pages below it change, so a menu that
// closes after a navigation closes because the header saw the navigation, not because it was mounted anew.
function renderHeader() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <SiteHeader siteName="Hurry Up" />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <p>Home page</p> },
        { path: 'blog', Component: () => <p>Blog page</p> },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteHeader', () => {
  it('starts closed and toggles between Open Menu and Close Menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await screen.findByRole('button', { name: 'Open Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).toBeNull();

    await user.click(button);
    expect(button.textContent).toBe('Close Menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Site menu' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.querySelectorAll('a')).toHaveLength(sideMenuLinks.length);
    expect(document.activeElement?.getAttribute('href')).toBe('/blog');

    await user.click(button);
    expect(button.textContent).toBe('Open Menu');
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Open Menu' }));
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'Open Menu' });
    expect(document.activeElement).toBe(button);
  });

  it('closes after a menu link is followed, even to the page already shown', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await screen.findByRole('button', { name: 'Open Menu' });
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    await screen.findByText('Blog page');
    // The same header, still mounted, closed by the navigation.
    expect(screen.getByRole('button', { name: 'Open Menu' })).toBe(button);
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).toBeNull();
  });
});
