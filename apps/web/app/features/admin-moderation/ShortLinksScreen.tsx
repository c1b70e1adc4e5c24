import type { AdminShortLink } from '@hurryup/contracts/shortener';
import { previewPath, shortLinkPath } from '@hurryup/contracts/shortener-rules';
import { useCallback, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { consoleTime, problemOf } from './admin-call.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { Pager } from './Pager.tsx';
import { ScreenStatus } from './ScreenStatus.tsx';
import { useAdminList } from './use-admin-list.ts';

export const shortLinksPageSize = 50;
const contract = () => import('@hurryup/contracts/shortener');
const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/**
 * /admin/short-links: every short link, newest first, with its clicks and reports; disable or enable one
 * (a disabled link answers 410 with the site's page saying so), or delete it after confirming (its code is
 * never given out again).
 */
export function ShortLinksScreen() {
  const [offset, setOffset] = useState(0);
  const load = useCallback(
    () =>
      callApiLazily(() => contract().then((c) => c.listAdminShortLinks), {
        query: { limit: String(shortLinksPageSize), offset: String(offset) },
      }),
    [offset],
  );
  const list = useAdminList<AdminShortLink>(load, 'The short links could not be loaded. Please try again.');
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState('');

  async function act(link: AdminShortLink, action: 'disable' | 'enable' | 'delete') {
    setBusy(link.code);
    setSaid('');
    try {
      if (action === 'delete') {
        await callApiLazily(() => contract().then((c) => c.deleteShortLink), { params: { code: link.code } });
        list.setItems((items) => items?.filter((item) => item.code !== link.code));
        setSaid(`Short link ${link.code} deleted.`);
      } else {
        const changed = await callApiLazily(() => contract().then((c) => c.setShortLinkDisabled), {
          params: { code: link.code },
          body: { disabled: action === 'disable' },
        });
        list.setItems((items) => items?.map((item) => (item.code === link.code ? changed : item)));
        setSaid(`Short link ${link.code} ${action === 'disable' ? 'disabled' : 'enabled'}.`);
      }
      list.setProblem(undefined);
    } catch (error) {
      list.setProblem(
        problemOf(error, `The short link ${link.code} could not be changed. Please try again.`),
      );
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="moderation">
      <p className="moderation__intro">
        Newest first. A disabled link answers that it was disabled by the site and never redirects; a deleted
        link’s destination is forgotten and its code is never given out again.
      </p>
      <p className="moderation__said" role="status">
        {said}
      </p>
      <ScreenStatus loading={list.loading && !list.items} problem={list.problem} />
      {list.items && list.items.length === 0 ? <p>No short links here.</p> : null}
      {list.items && list.items.length > 0 ? (
        <ul className="moderation__list" aria-label="Short links">
          {list.items.map((link) => (
            <li key={link.code} className="moderation__item">
              <div className="moderation__head">
                <a href={previewPath(link.code)}>{shortLinkPath(link.code)}</a>
                {link.disabled ? (
                  <span className="moderation__badge moderation__badge--off">Disabled</span>
                ) : (
                  <span className="moderation__badge">Active</span>
                )}
              </div>
              <p className="moderation__text">{link.longUrl}</p>
              <p className="moderation__facts">
                Created {consoleTime(link.createdAt)} · {plural(link.clicks, 'click', 'clicks')} ·{' '}
                {plural(link.reports, 'report', 'reports')}
                {link.disabledAt ? ` · disabled ${consoleTime(link.disabledAt)}` : ''}
              </p>
              <div className="moderation__actions">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={`${link.disabled ? 'Enable' : 'Disable'} ${shortLinkPath(link.code)}`}
                  aria-disabled={busy === link.code}
                  onClick={() => {
                    if (busy !== link.code) void act(link, link.disabled ? 'enable' : 'disable');
                  }}
                >
                  {link.disabled ? 'Enable' : 'Disable'}
                </button>
                <ConfirmAction
                  label={{ text: 'Delete', name: `Delete ${shortLinkPath(link.code)}` }}
                  question={`Delete ${shortLinkPath(link.code)} for good?`}
                  confirmLabel="Yes, delete"
                  busy={busy === link.code}
                  onConfirm={() => void act(link, 'delete')}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        offset={offset}
        pageSize={shortLinksPageSize}
        shown={list.items?.length ?? 0}
        onMove={setOffset}
        what="short links"
      />
    </div>
  );
}
