import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLoadingText } from './use-loading-text.ts';

function Shell() {
  const text = useLoadingText();
  return <main>{text ? <p role="status">{text}</p> : <Outlet />}</main>;
}

/** A loader that waits until the test lets it answer. */
function heldLoader() {
  let release = () => {};
  const loader = () =>
    new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
  return { loader, release: () => release() };
}

function setup() {
  const forum = heldLoader();
  const lazy = heldLoader();
  const plain = heldLoader();
  let loadModule = () => {};
  const moduleLoaded = new Promise<void>((resolve) => {
    loadModule = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { index: true, Component: () => <p>Home</p> },
          {
            path: 'userforum',
            loader: forum.loader,
            handle: { loadingText: 'Loading posts...' },
            Component: () => <p>Forum</p>,
          },
          // As React Router's framework mode builds a route whose module has not been loaded yet.
          {
            path: 'blog',
            loader: lazy.loader,
            lazy: {
              handle: async () => {
                await moduleLoaded;
                return { loadingText: 'Loading blogs...' };
              },
              Component: async () => {
                await moduleLoaded;
                return () => <p>Blogs</p>;
              },
            },
          },
          { path: 'aboutus', loader: plain.loader, handle: {}, Component: () => <p>About</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, forum, lazy, plain, loadModule };
}

describe('useLoadingText', () => {
  it("shows the destination's handle.loadingText while its data loads, then the page", async () => {
    const { router, forum } = setup();
    await screen.findByText('Home');
    act(() => void router.navigate('/userforum'));
    expect((await screen.findByRole('status')).textContent).toBe('Loading posts...');
    await act(async () => forum.release());
    await screen.findByText('Forum');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows a not yet loaded route's text once its module has arrived", async () => {
    const { router, lazy, loadModule } = setup();
    await screen.findByText('Home');
    act(() => void router.navigate('/blog'));
    // The module is still on its way: the previous page stays.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Home')).toBeTruthy();
    await act(async () => loadModule());
    expect((await screen.findByRole('status')).textContent).toBe('Loading blogs...');
    await act(async () => lazy.release());
    await screen.findByText('Blogs');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing for a route that declares no text', async () => {
    const { router, plain } = setup();
    await screen.findByText('Home');
    act(() => void router.navigate('/aboutus'));
    await act(async () => {});
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Home')).toBeTruthy();
    await act(async () => plain.release());
    await screen.findByText('About');
  });
});
