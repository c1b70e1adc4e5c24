import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ToolIcon } from './ToolIcon.tsx';
import { filterToolGroups, toolGroups } from './tool-list.ts';

/**
 * The tools index (/homeTools): a card for every tool, grouped, filtered by name. Without script the form
 * sends `?q=` and the server renders the filtered list; with script the list follows each key press.
 */
export function ToolsIndex({ query: initialQuery }: { query: string }) {
  const [query, setQuery] = useState(initialQuery);
  // A new address (the form sent without script, or back and forward) brings its own query.
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const inputId = useId();
  const groups = filterToolGroups(toolGroups, query);
  const count = groups.reduce((n, group) => n + group.tools.length, 0);
  return (
    <section className="page tools-index" aria-labelledby="tools-index-heading">
      <h1 id="tools-index-heading">Home Tools</h1>
      <p className="page__lede">Every tool on the site, free to use, with no sign-in.</p>
      <search>
        <form
          className="tools-index__filter"
          method="get"
          action="/homeTools"
          // With script the list is already filtered: sending the form would only reload the same page.
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={inputId}>Find a tool by name</label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit" className="button">
            Filter
          </button>
        </form>
      </search>
      <p className="tools-index__count" aria-live="polite">
        {count === 0
          ? `No tool has "${query.trim()}" in its name.`
          : `${count} ${count === 1 ? 'tool' : 'tools'}${query.trim() ? ` matching "${query.trim()}"` : ''}`}
      </p>
      {groups.map((group) => (
        <section key={group.id} className="tools-index__group" aria-labelledby={`tools-${group.id}`}>
          <h2 id={`tools-${group.id}`}>{group.title}</h2>
          <ul className="tools-index__cards">
            {group.tools.map((tool) => (
              <li key={tool.path}>
                <Link to={tool.path} className="tool-card">
                  <ToolIcon name={tool.icon} />
                  <span className="tool-card__name">{tool.name}</span>
                  <span className="tool-card__does">{tool.does}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
