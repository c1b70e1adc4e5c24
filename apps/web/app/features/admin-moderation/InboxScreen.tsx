import type { InboxMessage } from '@hurryup/contracts/contact';
import { useCallback, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { useSite } from '../../shared/use-site.ts';
import { consoleTime, problemOf } from './admin-call.ts';
import { Pager } from './Pager.tsx';
import { ScreenStatus } from './ScreenStatus.tsx';
import { useAdminList } from './use-admin-list.ts';

export const inboxPageSize = 50;
type Shown = 'all' | 'unread';
const contract = () => import('@hurryup/contracts/contact');

/** A reply in the operator's own mail program: to the visitor, the message quoted. */
export function replyLink(message: InboxMessage, siteName: string): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\nOn ${consoleTime(message.receivedAt)} you wrote:\n${quoted}\n`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: your message to ${siteName}`)}&body=${encodeURIComponent(body)}`;
}

/** Where the message's delivery to the site's mailbox stands, in words. */
export function deliveryText(delivery: InboxMessage['delivery']): string {
  if (!delivery) return 'The mail outbox no longer has this message.';
  const tries = delivery.attempts === 1 ? '1 try' : `${delivery.attempts} tries`;
  if (delivery.status === 'sent')
    return `Delivered by e-mail${delivery.sentAt ? ` ${consoleTime(delivery.sentAt)}` : ''}.`;
  if (delivery.status === 'failed')
    return `Delivery failed after ${tries}${delivery.lastError ? `: ${delivery.lastError}` : '.'}`;
  return delivery.attempts === 0
    ? 'Waiting to be delivered by e-mail.'
    : `Not delivered yet (${tries}); next try ${consoleTime(delivery.nextAttemptAt)}.`;
}

/**
 * /admin/inbox: contact messages, newest first, read or unread, with their delivery by e-mail from the
 * mail outbox; reply through a mailto: link, mark read or unread, and try a failed delivery again.
 */
export function InboxScreen() {
  const site = useSite();
  const [shown, setShown] = useState<Shown>('all');
  const [offset, setOffset] = useState(0);
  const load = useCallback(
    () =>
      callApiLazily(() => contract().then((c) => c.listContactMessages), {
        query: { shown, limit: String(inboxPageSize), offset: String(offset) },
      }),
    [shown, offset],
  );
  const list = useAdminList<InboxMessage>(load, 'The inbox could not be loaded. Please try again.');
  const [busy, setBusy] = useState<number | undefined>(undefined);
  const [said, setSaid] = useState('');

  async function act(message: InboxMessage, action: 'read' | 'unread' | 'retry') {
    setBusy(message.id);
    setSaid('');
    try {
      const changed =
        action === 'retry'
          ? await callApiLazily(() => contract().then((c) => c.retryContactDelivery), {
              params: { id: String(message.id) },
            })
          : await callApiLazily(() => contract().then((c) => c.setContactMessageRead), {
              params: { id: String(message.id) },
              body: { read: action === 'read' },
            });
      list.setItems((items) =>
        shown === 'unread' && changed.read
          ? items?.filter((item) => item.id !== message.id)
          : items?.map((item) => (item.id === message.id ? changed : item)),
      );
      setSaid(
        action === 'retry'
          ? `The message from ${message.email} will be delivered again.`
          : `Message from ${message.email} marked ${action}.`,
      );
      list.setProblem(undefined);
    } catch (error) {
      list.setProblem(problemOf(error, 'The message could not be changed. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="moderation">
      <div className="moderation__filters">
        <div className="moderation__field">
          <label htmlFor="inbox-shown">Show</label>
          <select
            id="inbox-shown"
            value={shown}
            onChange={(event) => {
              setOffset(0);
              setShown(event.target.value as Shown);
            }}
          >
            <option value="all">All messages</option>
            <option value="unread">Unread only</option>
          </select>
        </div>
      </div>
      <p className="moderation__said" role="status">
        {said}
      </p>
      <ScreenStatus loading={list.loading && !list.items} problem={list.problem} />
      {list.items && list.items.length === 0 ? <p>No messages here.</p> : null}
      {list.items && list.items.length > 0 ? (
        <ul className="moderation__list" aria-label="Contact messages">
          {list.items.map((message) => (
            <li
              key={message.id}
              className={`moderation__item${message.read ? '' : ' moderation__item--unread'}`}
            >
              <div className="moderation__head">
                <span>From {message.email}</span>
                {message.read ? (
                  <span className="moderation__badge">Read</span>
                ) : (
                  <span className="moderation__badge moderation__badge--warn">Unread</span>
                )}
              </div>
              <p className="moderation__text moderation__text--message">{message.message}</p>
              <p className="moderation__facts">Received {consoleTime(message.receivedAt)}</p>
              <p
                className={`moderation__facts${message.delivery?.status === 'failed' ? ' moderation__facts--failed' : ''}`}
              >
                {deliveryText(message.delivery)}
              </p>
              <div className="moderation__actions">
                <a
                  className="button button--small"
                  href={replyLink(message, site.name)}
                  aria-label={`Reply to ${message.email}`}
                  onClick={() => {
                    if (!message.read) void act(message, 'read');
                  }}
                >
                  Reply
                </a>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={`Mark the message from ${message.email} ${message.read ? 'unread' : 'read'}`}
                  aria-disabled={busy === message.id}
                  onClick={() => {
                    if (busy !== message.id) void act(message, message.read ? 'unread' : 'read');
                  }}
                >
                  {message.read ? 'Mark unread' : 'Mark read'}
                </button>
                {message.delivery?.status === 'failed' ? (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`Try the delivery of the message from ${message.email} again`}
                    aria-disabled={busy === message.id}
                    onClick={() => {
                      if (busy !== message.id) void act(message, 'retry');
                    }}
                  >
                    Try delivery again
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        offset={offset}
        pageSize={inboxPageSize}
        shown={list.items?.length ?? 0}
        onMove={setOffset}
        what="messages"
      />
    </div>
  );
}
