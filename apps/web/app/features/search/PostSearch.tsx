import type { PostSearchHit } from '@hurryup/contracts/post';
import { postSearchMinLength } from '@hurryup/contracts/post-search';
import { postPath } from '@hurryup/contracts/post-slug';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

/** The API client and the search call's schemas (zod) load when the visitor first types, not with the page. */
function searchApi(text: string, signal: AbortSignal): Promise<PostSearchHit[]> {
  return callApiLazily(
    () => import('@hurryup/contracts/post').then((contract) => contract.searchPosts),
    { query: { q: text } },
    { signal },
  );
}

const debounceMs = 200;

export const searchUnavailable = 'Search is not available right now. Please try again.';

/**
 * Post search as you type: 3 characters at least, debounced, the address kept shareable (?q=). Starts from
 * what the server already found for the query the page arrived with.
 */
export function PostSearch({
  initial,
}: {
  initial: { q: string; results: PostSearchHit[]; error: string | undefined };
}) {
  const loaderData = initial;
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
        const hits = await searchApi(text, controller.signal);
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
