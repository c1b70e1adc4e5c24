import { activityPage } from '@hurryup/contracts/operator-rules';
import type { ActivityEntry } from '@hurryup/contracts/operators';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { contentKindOfActivity } from './content-kind-names.ts';
import { useQueryParams } from './use-query-params.ts';

const when = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

const actionWords: Record<string, string> = { create: 'Created', update: 'Edited', delete: 'Deleted' };

/**
 * Who changed what, newest first: the operators' and the token's writes (GET /api/admin/activity). With
 * `limit`, only the newest few and no pages (the overview).
 */
export function ActivityLog({ limit }: { limit?: number }) {
  const [params, setParams] = useQueryParams();
  const page = limit ? 1 : Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = limit ?? activityPage.defaultLimit;
  const [log, setLog] = useState<{ items: ActivityEntry[]; total: number }>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    setProblem(undefined);
    callApiLazily(() => import('@hurryup/contracts/operators').then((c) => c.listActivity), {
      query: { limit: String(size), offset: String((page - 1) * size) },
    }).then(
      (answer) => current && setLog(answer),
      (error: unknown) =>
        current && setProblem(error instanceof Error ? error.message : 'Could not load the activity.'),
    );
    return () => {
      current = false;
    };
  }, [page, size]);

  if (problem) {
    return (
      <p className="status status--error" role="alert">
        {problem}
      </p>
    );
  }
  if (!log) {
    return (
      <p className="status" role="status">
        Loading the activity…
      </p>
    );
  }
  if (log.items.length === 0) return <p className="admin-empty">Nothing has been changed yet.</p>;
  const lastPage = Math.max(1, Math.ceil(log.total / size));
  return (
    <>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Item</th>
          </tr>
        </thead>
        <tbody>
          {log.items.map((entry) => {
            const kind = contentKindOfActivity(entry.kind);
            const linked = kind && entry.action !== 'delete' && entry.itemId;
            return (
              <tr key={entry.id}>
                <td data-label="When">
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                </td>
                <td data-label="Who">{entry.actor === 'token' ? 'Admin token' : entry.actor}</td>
                <td data-label="What">
                  <span className={`admin-badge admin-badge--${entry.action}`}>
                    {actionWords[entry.action] ?? entry.action}
                  </span>{' '}
                  {kind ? kind.singular : entry.kind}
                </td>
                <td data-label="Item">
                  {linked ? (
                    <Link to={`/admin/content/${kind.key}/${entry.itemId}`}>{entry.item}</Link>
                  ) : (
                    entry.item
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {limit ? (
        <p>
          <Link to="/admin/activity">All activity</Link>
        </p>
      ) : (
        <nav className="admin-pages" aria-label="Pages">
          <span>
            Page {page} of {lastPage} · {log.total} changes
          </span>
          <span className="admin-pages__buttons">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page <= 1}
              onClick={() => setParams(page > 2 ? { page: String(page - 1) } : {})}
            >
              Newer
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page >= lastPage}
              onClick={() => setParams({ page: String(page + 1) })}
            >
              Older
            </button>
          </span>
        </nav>
      )}
    </>
  );
}
