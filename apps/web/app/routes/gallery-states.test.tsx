import { stripTags } from '@hurryup/contracts/comment-rules';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import DevbitPage from './devbit.tsx';
import ImagePage from './image.tsx';
import InfopicPage from './infopic.tsx';
import WebStoriesPage from './webstories.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };

function renderRoute(
  path: string,
  pattern: string,
  Component: React.ComponentType<never>,
  loaderData: unknown,
) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined }),
      HydrateFallback: () => null,
      children: [{ path: pattern, loader: () => loaderData, Component: Component as React.ComponentType }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('gallery failure states replace the content', () => {
  it("image gallery: 'Error fetching images'", async () => {
    renderRoute('/infopic', 'infopic', InfopicPage as never, { images: [], error: 'Error fetching images' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching images');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Image Gallery');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("video gallery: 'Error fetching videos or web stories'", async () => {
    renderRoute('/webstories', 'webstories', WebStoriesPage as never, {
      stories: [],
      videos: [],
      error: 'Error fetching videos or web stories',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching videos or web stories');
    expect(screen.queryByRole('heading', { name: 'Web Stories' })).toBeNull();
  });

  it("DevBit: 'Error fetching images'", async () => {
    renderRoute('/devbit', 'devbit', DevbitPage as never, { gallery: {}, error: 'Error fetching images' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching images');
  });
});

describe('image page without an image', () => {
  it("says 'No image available' and offers no comment box: there is nothing to comment on", async () => {
    renderRoute('/image', 'image', ImagePage as never, { comments: [], total: 0 });
    expect((await screen.findByRole('alert')).textContent).toBe('No image available');
    expect(screen.queryByPlaceholderText('Add a comment...')).toBeNull();
    expect(screen.queryByRole('button', { name: /Comments?$/ })).toBeNull();
  });
});

describe('image page comment counts', () => {
  it.each([
    [0, '0 Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
  ])('%i comment(s): %s', async (count, name) => {
    const comments = Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      imageUrl: '/a.png',
      comment: `Comment number ${i + 1}`,
      createdAt: '2026-11-27T10:00:00.000Z',
    }));
    renderRoute('/image/%2Fa.png', 'image/:imageUrl?', ImagePage as never, {
      image: { url: '/a.png', alt: 'A picture', width: 800, height: 600, pagePath: '/image/%2Fa.png' },
      imageUrl: '/a.png',
      comments,
      total: count,
    });
    expect(await screen.findByRole('button', { name })).toBeTruthy();
  });

  it('strips tags as typed and shows Send only for a non-empty trimmed comment', async () => {
    renderRoute('/image/%2Fa.png', 'image/:imageUrl?', ImagePage as never, {
      image: { url: '/a.png', alt: 'A picture', width: 800, height: 600, pagePath: '/image/%2Fa.png' },
      imageUrl: '/a.png',
      comments: [],
      total: 0,
    });
    const box = (await screen.findByPlaceholderText('Add a comment...')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '   ' } });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Hi <b>there</b>' } });
    expect(box.value).toBe('Hi there');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('stripTags', () => {
  it.each([
    ['<script>alert(1)</script>', 'alert(1)'],
    ['<<b>script>x', 'x'],
    ['a < b and c > d', 'a < b and c > d'],
    ['<img src=x onerror=alert(1)>hi', 'hi'],
    ['<!-- note -->ok', 'ok'],
    ['half <scr', 'half <scr'],
  ])('%s → %s', (input, output) => {
    expect(stripTags(input)).toBe(output);
  });
});
