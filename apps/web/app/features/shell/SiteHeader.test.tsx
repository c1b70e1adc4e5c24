import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sideMenuLinks } from './navigation.ts';
import { SiteHeader } from './SiteHeader.tsx';

function renderHeader() {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SiteHeader siteName="Hurry Up" /> },
    { path: '/blog', Component: () => <SiteHeader siteName="Hurry Up" /> },
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

  it('closes after a menu link is followed', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Open Menu' }));
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(await screen.findByRole('button', { name: 'Open Menu' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).toBeNull();
  });
});
