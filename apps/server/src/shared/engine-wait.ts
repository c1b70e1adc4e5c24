import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/** The visitor closed the connection before the answer: nobody reads this (nginx's 499 in the log). */
export const clientGone = () =>
  new HttpError(499, 'CLIENT_CLOSED_REQUEST', 'The request was cancelled: the client went away.');

export interface EngineWait {
  /** Aborts when the client goes away before the answer: the engine drops or stops the task. */
  signal: AbortSignal;
  /** Gives the socket back its idle timeout; call it once the engine answered. */
  done(): void;
}

/**
 * What a call does while it waits for an engine (docs/architecture.md "Engines"). The server closes a
 * socket that has been silent for `IDLE_TIMEOUT_MS` (30 s), and nothing is sent while an engine works: an
 * accepted task may run up to its engine's time limit (OCR 90 s), so the socket's timeout is raised to
 * `holdMs` for the wait and set back after it. The engines refuse at once what their queues cannot finish
 * within their deadline (below the idle timeout), so only a task already running can take that long.
 * A client that goes away aborts the signal, so its task leaves the queue or is stopped.
 */
export function waitForEngine(
  request: FastifyRequest,
  reply: FastifyReply,
  times: { holdMs: number; idleMs: number },
): EngineWait {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(clientGone());
  };
  reply.raw.once('close', onClose);
  const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
  socket?.setTimeout?.(times.holdMs);
  return {
    signal: controller.signal,
    done() {
      reply.raw.off('close', onClose);
      socket?.setTimeout?.(times.idleMs);
    },
  };
}
