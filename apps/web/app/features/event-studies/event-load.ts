/** What an event-study page's loader hands its component. */
export type EventLoad<T> =
  | { state: 'ok'; data: T }
  | { state: 'not-loaded'; message: string }
  | { state: 'unreachable' };
