import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownField } from './MarkdownField.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const uploaded = {
  id: 1,
  url: '/content/images/uploads/0b8e0a4e-1c0a-4b6e-9d55-2f0c7c2b9a11.jpg',
  alt: 'A blue chart',
  width: 900,
  height: 500,
  bytes: 1234,
  createdAt: '2026-11-27T10:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    if (path === '/api/admin/markdown/preview') {
      const { markdown } = JSON.parse(String(init?.body));
      // The server's renderer stands behind this call; the field shows what it answers.
      return json(200, { html: `<h2>${markdown.includes('Hello') ? 'Hello' : 'Other'}</h2>` });
    }
    if (path === '/api/admin/uploads') {
      const form = init?.body as FormData;
      if (!form.get('alt'))
        return json(400, {
          error: 'Invalid body',
          code: 'VALIDATION',
          fields: { alt: 'Alt text is required.' },
        });
      return json(201, { ...uploaded, alt: form.get('alt') });
    }
    return json(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Editor({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownField id="content" label="Body" value={value} onChange={setValue} />;
}

const text = () => screen.getByLabelText('Body') as HTMLTextAreaElement;

describe('MarkdownField', () => {
  it('shows the preview the server rendered, with tabs to switch on a phone', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    expect(screen.getByText('The preview shows here.')).toBeTruthy();
    await user.type(text(), '# Hello');
    const preview = screen.getByRole('region', { name: 'Body: preview' });
    // The first call loads the API client and zod.
    await waitFor(() => expect(preview.querySelector('h2')?.textContent).toBe('Hello'), { timeout: 15_000 });
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('markdown/preview'))!;
    expect(JSON.parse(String(call[1].body))).toEqual({ markdown: '# Hello', kind: 'post' });

    const previewTab = screen.getByRole('button', { name: 'Preview' });
    await user.click(previewTab);
    expect(previewTab.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Write' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('uploads a picked picture with the alt text asked for and inserts its Markdown at the cursor', async () => {
    const user = userEvent.setup();
    render(<Editor initial={'First paragraph.\nSecond paragraph.'} />);
    // The cursor after the first line.
    text().setSelectionRange(16, 16);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add picture'), file);

    // The alt text is required.
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(screen.getByRole('alert').textContent).toMatch(/alt text/);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin/uploads'))).toBe(false);

    await user.type(screen.getByLabelText(/Alt text for chart\.png/), 'A blue [[chart]');
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    await waitFor(
      () =>
        expect(text().value).toBe(
          `First paragraph.\n\n![A blue \\[chart\\]](${uploaded.url})\n\nSecond paragraph.`,
        ),
      { timeout: 15_000 },
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/admin/uploads'))!;
    const form = call[1].body as FormData;
    expect(form.get('alt')).toBe('A blue [chart]');
    expect((form.get('file') as File).name).toBe('chart.png');
    expect(screen.getByRole('status').textContent).toContain('Added the picture');
  });

  it('takes a picture dropped on the text', async () => {
    const user = userEvent.setup();
    render(<Editor initial="Text" />);
    text().setSelectionRange(0, 0);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.drop(text(), { dataTransfer: { files: [file], types: ['Files'] } });
    await user.type(screen.getByLabelText(/Alt text for photo\.jpg/), 'A photo{Enter}');
    await waitFor(() => expect(text().value).toBe(`![A photo](${uploaded.url})\n\nText`), {
      timeout: 15_000,
    });
  });
});
