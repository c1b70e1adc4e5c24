import { commentMessages } from '@hurryup/contracts/comment-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api-error.ts';
import { CommentBox, saveFailureText } from './CommentBox.tsx';

afterEach(() => vi.restoreAllMocks());

/** Sends a valid comment through the box with `fetch` answering as given, and returns what was alerted. */
async function alertAfterSending(answer: () => Promise<Response>): Promise<string> {
  vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  render(<CommentBox imageUrl="/content/images/gallery/upi.png" onSaved={() => {}} />);
  fireEvent.change(screen.getByPlaceholderText('Add a comment...'), {
    target: { value: 'A helpful picture' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(alert).toHaveBeenCalledOnce());
  return String(alert.mock.calls[0]?.[0]);
}

describe('a comment save that fails (content-and-shell.md section 8)', () => {
  it("says 'Failed to save comment.' for a 500 without the server's message", async () => {
    expect(await alertAfterSending(async () => new Response('Bad gateway', { status: 500 }))).toBe(
      commentMessages.saveFailed,
    );
  });

  it("says 'Failed to save comment.' when the server cannot be reached", async () => {
    expect(
      await alertAfterSending(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(commentMessages.saveFailed);
  });

  it("shows the server's message when it sent one", async () => {
    const body = { error: commentMessages.link, code: 'SPAM_REFUSED' };
    const answer = async () =>
      new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
    expect(await alertAfterSending(answer)).toBe(commentMessages.link);
  });

  it.each([
    [
      'a timeout',
      new ApiError('The server took too long to answer.', 0, 'TIMEOUT'),
      commentMessages.saveFailed,
    ],
    [
      'an answer the page cannot read',
      new ApiError('The server sent an answer…', 201),
      commentMessages.saveFailed,
    ],
    ['anything else thrown', new Error('boom'), commentMessages.saveFailed],
    ['a 429 with its message', new ApiError('Slow down.', 429, 'RATE_LIMITED'), 'Slow down.'],
  ])('%s', (_, error, text) => {
    expect(saveFailureText(error)).toBe(text);
  });
});
