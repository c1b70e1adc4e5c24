import { type PostSearchHit, postSearchMinLength, postSearchResultSchema } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { appContext } from '#load-context';
import { callApi } from '../lib/api-client.ts';
import { pageMeta, siteFromMatches } from '../lib/page-meta.ts';
import type { Route } from './+types/search';

const debounceMs = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  if (q.trim().length < postSearchMinLength) return { q, results: [] as PostSearchHit[], error: undefined };
  try {
    return { q, results: await context.get(appContext).content.posts.search(q), error: undefined };
  } catch (error) {
    console.error('Post search failed', error);
    return { q, results: [] as PostSearchHit[], error: searchUnavailable };
  }
}

const searchUnavailable = 'Search is not available right now. Please try again.';

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Search Posts',
    description: `Search every post on ${site.name} by title and description: tool guides, UPI safety, markets, exams and more.`,
    path: '/SearchPage',
  });
};

export default function SearchRoute(props: Route.ComponentProps) {
  // A navigation to this page (e.g. the menu's 'Deep Search') starts afresh from its loader data; typing
  // only replaces the address and keeps the same location key.
  const location = useLocation();
  return <SearchPage key={location.key} {...props} />;
}

function SearchPage({ loaderData }: Route.ComponentProps) {
  const [query, setQuery] = useState(loaderData.q);
  const [results, setResults] = useState<PostSearchHit[]>(loaderData.results);
  const [error, setError] = useState<string | undefined>(loaderData.error);
  const [searched, setSearched] = useState(loaderData.q.trim().length >= postSearchMinLength);
  const pending = useRef<AbortController | null>(null);
  const inputId = useId();
  // The server already searched for the query the page arrived with.
  const answered = useRef<string | null>(loaderData.q);

  useEffect(() => () => pending.current?.abort(), []);

  useEffect(() => {
    const text = query.trim();
    if (answered.current === query) {
      answered.current = null;
      return;
    }
    answered.current = null;
    pending.current?.abort();
    // Keep the address shareable without a navigation per keystroke.
    const url = new URL(window.location.href);
    if (text) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
    if (text.length < postSearchMinLength) {
      setResults([]);
      setError(undefined);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    const timer = setTimeout(async () => {
      try {
        const hits = await callApi(
          `/api/posts/search?q=${encodeURIComponent(text)}`,
          postSearchResultSchema,
          {
            signal: controller.signal,
          },
        );
        setResults(hits);
        setError(undefined);
        setSearched(true);
      } catch (failure) {
        if (controller.signal.aborted) return;
        console.error('Post search failed', failure);
        setError(searchUnavailable);
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return (
    <section className="page page--narrow search">
      <h1>Search Posts</h1>
      <search>
        <form className="search__form" onSubmit={(event) => event.preventDefault()} action="/SearchPage">
          <label htmlFor={inputId}>Search posts by title or description</label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Type at least 3 characters"
            autoComplete="off"
            maxLength={200}
          />
        </form>
      </search>
      <p className="search__status" role="status" aria-live="polite">
        {error ??
          (searched
            ? results.length === 0
              ? `No posts match “${query.trim()}”.`
              : `${results.length} ${results.length === 1 ? 'post' : 'posts'} found.`
            : '')}
      </p>
      {results.length > 0 && (
        <ul className="search__results">
          {results.map((hit) => (
            <li key={hit.id}>
              <Link to={postPath(hit.title)}>{hit.title}</Link>
              {hit.description && <p>{hit.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
