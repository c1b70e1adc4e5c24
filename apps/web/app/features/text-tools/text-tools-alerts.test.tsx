import { textExtractMessages } from '@hurryup/contracts/text-extract-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageToText } from './ImageToText.tsx';
import { PdfToText } from './PdfToText.tsx';

afterEach(() => vi.restoreAllMocks());

function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function spyOnAlert() {
  return vi.spyOn(window, 'alert').mockImplementation(() => {});
}

/** Picks `file` in the page's file input and presses the page's convert button. */
function pickAndConvert(input: HTMLElement, file: File, button: string) {
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'notice.png', { type: 'image/png' });
const pdf = () => new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });

describe('Image to text alerts (tools-and-trading.md sections 5 and 8)', () => {
  it("alerts 'Please upload an image first.' without a file, sending nothing and showing nothing inline", () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const alert = spyOnAlert();
    render(<ImageToText />);
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(alert.mock.calls).toEqual([[textExtractMessages.noImage]]);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("alerts 'Error extracting text. Please try again.' and keeps the server's reason in the page", async () => {
    const reason = 'The file sent as file is not of an accepted type.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonAnswer(415, { error: reason, code: 'UNSUPPORTED_MEDIA_TYPE' }),
    );
    const alert = spyOnAlert();
    render(<ImageToText />);
    pickAndConvert(screen.getByLabelText(/Drag and drop a file here/), png(), 'Convert');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(textExtractMessages.imageFailed);
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
  });

  it('alerts the failure text alone when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const alert = spyOnAlert();
    render(<ImageToText />);
    pickAndConvert(screen.getByLabelText(/Drag and drop a file here/), png(), 'Convert');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(textExtractMessages.imageFailed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the text and no alert when the conversion succeeds', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonAnswer(200, { text: 'Market closed today' }));
    const alert = spyOnAlert();
    render(<ImageToText />);
    pickAndConvert(screen.getByLabelText(/Drag and drop a file here/), png(), 'Convert');
    expect((await screen.findByText('Market closed today')).tagName).toBe('PRE');
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('PDF to text alerts (tools-and-trading.md sections 5 and 8)', () => {
  it("alerts 'Please select a PDF file.' without a file, sending nothing and showing nothing inline", () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const alert = spyOnAlert();
    render(<PdfToText />);
    fireEvent.click(screen.getByRole('button', { name: 'Convert to Text' }));
    expect(alert.mock.calls).toEqual([[textExtractMessages.noPdf]]);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("alerts 'Failed to convert PDF. Please try again.' and keeps the server's reason in the page", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonAnswer(422, { error: textExtractMessages.corruptPdf, code: 'PDF_DAMAGED' }),
    );
    const alert = spyOnAlert();
    render(<PdfToText />);
    pickAndConvert(screen.getByLabelText(/Choose a PDF/), pdf(), 'Convert to Text');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(textExtractMessages.pdfFailed);
    expect((await screen.findByRole('alert')).textContent).toBe(textExtractMessages.corruptPdf);
  });

  it('alerts the failure text alone for a server fault', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonAnswer(500, { error: 'Internal', code: 'INTERNAL' }));
    const alert = spyOnAlert();
    render(<PdfToText />);
    pickAndConvert(screen.getByLabelText(/Choose a PDF/), pdf(), 'Convert to Text');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(textExtractMessages.pdfFailed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Convert to Text' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
