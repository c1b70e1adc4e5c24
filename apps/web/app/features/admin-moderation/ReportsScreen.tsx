import type { ReportSummary } from '@hurryup/contracts/reports';
import { shortLinkPath } from '@hurryup/contracts/shortener-rules';
import { useCallback, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { consoleTime, problemOf } from './admin-call.ts';
import { Pager } from './Pager.tsx';
import { ScreenStatus } from './ScreenStatus.tsx';
import { useAdminList } from './use-admin-list.ts';

export const reportsPageSize = 50;
type Status = 'open' | 'closed' | 'all';
const reports = () => import('@hurryup/contracts/reports');
const keyOf = (report: ReportSummary) => `${report.kind}:${report.key}`;
const nameOf = (report: ReportSummary) =>
  report.kind === 'comment' ? `Comment ${report.key}` : `Short link ${shortLinkPath(report.key)}`;
const stateNames = { visible: 'Visible', hidden: 'Hidden', active: 'Active', disabled: 'Disabled' } as const;

/**
 * /admin/reports: what visitors reported, most recently reported first, with a link to each item and what
 * to do about it: hide the comment or disable the link (which closes its reports), or dismiss them.
 */
export function ReportsScreen() {
  const [status, setStatus] = useState<Status>('open');
  const [offset, setOffset] = useState(0);
  const load = useCallback(
    () =>
      callApiLazily(() => reports().then((c) => c.listReports), {
        query: { status, limit: String(reportsPageSize), offset: String(offset) },
      }),
    [status, offset],
  );
  const list = useAdminList<ReportSummary>(load, 'The reports could not be loaded. Please try again.');
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState('');

  async function setReports(report: ReportSummary, to: 'open' | 'closed') {
    const changed = await callApiLazily(() => reports().then((c) => c.setReportsStatus), {
      params: { kind: report.kind, key: report.key },
      body: { status: to },
    });
    list.setItems((items) =>
      // Leaves a filtered list it no longer belongs in.
      status !== 'all' && changed.status !== status
        ? items?.filter((item) => keyOf(item) !== keyOf(report))
        : items?.map((item) => (keyOf(item) === keyOf(report) ? changed : item)),
    );
  }

  async function act(report: ReportSummary, action: 'remove' | 'dismiss' | 'reopen') {
    setBusy(keyOf(report));
    setSaid('');
    try {
      if (action === 'remove') {
        if (report.kind === 'comment') {
          await callApiLazily(() => import('@hurryup/contracts/comment').then((c) => c.setCommentHidden), {
            params: { id: report.key },
            body: { hidden: true },
          });
        } else {
          await callApiLazily(
            () => import('@hurryup/contracts/shortener').then((c) => c.setShortLinkDisabled),
            {
              params: { code: report.key },
              body: { disabled: true },
            },
          );
        }
        await setReports(report, 'closed');
        setSaid(
          `${nameOf(report)} ${report.kind === 'comment' ? 'hidden' : 'disabled'}; its reports are closed.`,
        );
      } else {
        await setReports(report, action === 'dismiss' ? 'closed' : 'open');
        setSaid(
          `Reports of ${nameOf(report).toLowerCase()} ${action === 'dismiss' ? 'dismissed' : 'opened again'}.`,
        );
      }
      list.setProblem(undefined);
    } catch (error) {
      list.setProblem(problemOf(error, `${nameOf(report)} could not be changed. Please try again.`));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="moderation">
      <div className="moderation__filters">
        <div className="moderation__field">
          <label htmlFor="reports-status">Show</label>
          <select
            id="reports-status"
            value={status}
            onChange={(event) => {
              setOffset(0);
              setStatus(event.target.value as Status);
            }}
          >
            <option value="open">Open reports</option>
            <option value="closed">Closed reports</option>
            <option value="all">All reports</option>
          </select>
        </div>
      </div>
      <p className="moderation__said" role="status">
        {said}
      </p>
      <ScreenStatus loading={list.loading && !list.items} problem={list.problem} />
      {list.items && list.items.length === 0 ? <p>No reports here.</p> : null}
      {list.items && list.items.length > 0 ? (
        <ul className="moderation__list" aria-label="Reported items">
          {list.items.map((report) => {
            const key = keyOf(report);
            const removable =
              report.item !== null &&
              (report.kind === 'comment' ? report.item.state === 'visible' : report.item.state === 'active');
            return (
              <li key={key} className="moderation__item">
                <div className="moderation__head">
                  {report.item ? (
                    <a href={report.item.path}>{nameOf(report)}</a>
                  ) : (
                    <span>{nameOf(report)}</span>
                  )}
                  <span className="moderation__badge moderation__badge--warn">
                    {report.reports === 1 ? '1 report' : `${report.reports} reports`}
                    {report.open > 0 && report.open < report.reports ? `, ${report.open} open` : ''}
                  </span>
                  {report.item ? (
                    <span
                      className={`moderation__badge${report.item.state === 'hidden' || report.item.state === 'disabled' ? ' moderation__badge--off' : ''}`}
                    >
                      {stateNames[report.item.state]}
                    </span>
                  ) : (
                    <span className="moderation__badge moderation__badge--off">Deleted</span>
                  )}
                </div>
                <p className="moderation__text">
                  {report.item ? report.item.text : 'This item was deleted.'}
                </p>
                <p className="moderation__facts">
                  Last reported {consoleTime(report.lastReportedAt)}
                  {report.reports > 1 ? ` · first ${consoleTime(report.firstReportedAt)}` : ''}
                </p>
                <div className="moderation__actions">
                  {removable && report.status === 'open' ? (
                    <button
                      type="button"
                      className="button button--small moderation__danger"
                      aria-label={`${report.kind === 'comment' ? 'Hide' : 'Disable'} ${nameOf(report).toLowerCase()}`}
                      aria-disabled={busy === key}
                      onClick={() => {
                        if (busy !== key) void act(report, 'remove');
                      }}
                    >
                      {report.kind === 'comment' ? 'Hide the comment' : 'Disable the link'}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`${report.status === 'open' ? 'Dismiss reports of' : 'Open again reports of'} ${nameOf(report).toLowerCase()}`}
                    aria-disabled={busy === key}
                    onClick={() => {
                      if (busy !== key) void act(report, report.status === 'open' ? 'dismiss' : 'reopen');
                    }}
                  >
                    {report.status === 'open' ? 'Dismiss' : 'Open again'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Pager
        offset={offset}
        pageSize={reportsPageSize}
        shown={list.items?.length ?? 0}
        onMove={setOffset}
        what="reports"
      />
    </div>
  );
}
