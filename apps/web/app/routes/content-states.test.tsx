import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { postErrors } from '../features/posts/post-errors.ts';
import BlogPage from './blog.tsx';
import ForumPage from './forum.tsx';
import PostPage from './post.tsx';

const site = { name: 'Hurry Up', baseUrl: 'http://localhost', ads: { slots: {} } };

// Route modules receive their loader data as a prop; the stub feeds them what the server would send.
function renderRoute(path: string, Component: React.ComponentType<never>, loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site, nonce: undefined }),
      HydrateFallback: () => null,
      children: [
        { path: path.slice(1), loader: () => loaderData, Component: Component as React.ComponentType },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('failure states replace the content', () => {
  it("blog: 'Error fetching blogs'", async () => {
    renderRoute('/blog', BlogPage as never, { blogs: [], entry: undefined, error: 'Error fetching blogs' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching blogs');
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it("forum: 'Error fetching posts'", async () => {
    renderRoute('/userforum', ForumPage as never, {
      posts: [],
      page: 1,
      pages: 1,
      error: 'Error fetching posts',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching posts');
    expect(screen.queryByText(/Page 1 of 1/)).toBeNull();
  });

  it.each(Object.values(postErrors))('post: %s', async (error) => {
    renderRoute('/post/x', PostPage as never, { error });
    expect((await screen.findByRole('alert')).textContent).toBe(error);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
