import { adminListPage } from '@hurryup/contracts/operator-rules';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import type { AdminItem, ContentKind } from './content-kinds.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { itemKey, itemTitle } from './item-names.ts';
import { useDeleteItem } from './use-delete-item.ts';
import { useQueryParams } from './use-query-params.ts';

const pageSize = adminListPage.defaultLimit;

/** One kind's items: a search, a page of rows with Edit and Delete (after a question), and the pages. */
export function ContentList({ kind }: { kind: ContentKind }) {
  const [params, setParams] = useQueryParams();
  const location = useLocation();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  const [list, setList] = useState<{ items: AdminItem[]; total: number }>();
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState<string | undefined>(
    (location.state as { status?: string } | null)?.status,
  );

  const load = useCallback(async () => {
    setProblem(undefined);
    try {
      const answer = await callApiLazily(() => kind.calls().then((calls) => calls.list), {
        query: { q, limit: String(pageSize), offset: String((page - 1) * pageSize) },
      });
      setList(answer as { items: AdminItem[]; total: number });
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 401
          ? 'Your session has ended. Please reload the page and sign in again.'
          : error instanceof Error
            ? error.message
            : 'Could not load the list.',
      );
    }
  }, [kind, q, page]);

  useEffect(() => {
    setSearch(q);
    void load();
  }, [load, q]);

  const deletion = useDeleteItem(kind, (title) => {
    setStatus(`Deleted “${title}”.`);
    void load();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(undefined);
    setParams(search.trim() ? { q: search.trim() } : {});
  }
  const goTo = (next: number) =>
    setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });
  const lastPage = list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1;
  const first = (page - 1) * pageSize + 1;

  return (
    <>
      <search>
        <form className="admin-search" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="admin-search">
            Search {kind.label.toLowerCase()}
          </label>
          <input
            id="admin-search"
            type="search"
            value={search}
            placeholder={`Search ${kind.label.toLowerCase()}`}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </form>
      </search>
      {status ? (
        <p className="status" role="status">
          {status}
        </p>
      ) : null}
      {problem ? (
        <p className="status status--error" role="alert">
          {problem}
        </p>
      ) : null}
      {!list && !problem ? (
        <p className="status" role="status">
          Loading {kind.label.toLowerCase()}…
        </p>
      ) : null}
      {list && list.items.length === 0 ? (
        <p className="admin-empty">{q ? `Nothing matches “${q}”.` : `No ${kind.label.toLowerCase()} yet.`}</p>
      ) : null}
      {list && list.items.length > 0 ? (
        <ul className="admin-list" aria-label={kind.label}>
          {list.items.map((item) => {
            const key = itemKey(item);
            const title = itemTitle(kind, item);
            const publicPath = kind.publicPath?.(item);
            return (
              <li className="admin-list__row" key={key}>
                <div>
                  <Link className="admin-list__title" to={`/admin/content/${kind.key}/${key}`}>
                    {title}
                  </Link>
                  {kind.meta ? <p className="admin-list__meta">{kind.meta(item)}</p> : null}
                </div>
                <div className="admin-list__actions">
                  {publicPath ? (
                    <a className="button button--secondary button--small" href={publicPath}>
                      View<span className="visually-hidden"> “{title}” on the site</span>
                    </a>
                  ) : null}
                  <Link
                    className="button button--secondary button--small"
                    to={`/admin/content/${kind.key}/${key}`}
                  >
                    Edit<span className="visually-hidden"> “{title}”</span>
                  </Link>
                  <button
                    type="button"
                    className="button admin-danger button--small"
                    onClick={() => deletion.ask(item)}
                  >
                    Delete<span className="visually-hidden"> “{title}”</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {list && list.total > 0 ? (
        <nav className="admin-pages" aria-label="Pages">
          <span>
            {first}–{Math.min(first + list.items.length - 1, list.total)} of {list.total}
          </span>
          <span className="admin-pages__buttons">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            >
              Previous
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page >= lastPage}
              onClick={() => goTo(page + 1)}
            >
              Next
            </button>
          </span>
        </nav>
      ) : null}
      <DeleteDialog kind={kind} deletion={deletion} />
    </>
  );
}
