import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { CompressAnswer } from './compress-rules.ts';
import { ImageCompressor } from './ImageCompressor.tsx';

const compress = vi.fn<(file: Blob, maxSizeMB: number) => Promise<CompressAnswer>>();
// The worker is the browser test's (jsdom has none): here the page's side of it answers as told.
vi.mock('./use-image-compressor.ts', () => ({ useImageCompressor: () => compress }));

let alert: MockInstance<typeof window.alert>;
let logged: MockInstance<typeof console.error>;

beforeEach(() => {
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  compress.mockReset();
});

const inline = () => screen.getByRole('alert').textContent;
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image'), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Compress' }));
const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' });

describe("the image compressor's alerts (tools-and-trading.md section 8 and the failure table)", () => {
  it("alerts 'Please upload an image first.' without a file, and asks the worker nothing", () => {
    render(<ImageCompressor />);
    submit();
    expect(alert.mock.calls).toEqual([['Please upload an image first.']]);
    expect(inline()).toBe('');
    expect(compress).not.toHaveBeenCalled();
  });

  it("alerts 'Compression failed. Please try again.' for a file that is not an image, the reason kept inline", () => {
    render(<ImageCompressor />);
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    submit();
    expect(alert.mock.calls).toEqual([['Compression failed. Please try again.']]);
    expect(inline()).toBe('The file given is not an image');
    expect(logged).toHaveBeenCalledWith('Image compression failed:', 'The file given is not an image');
    expect(compress).not.toHaveBeenCalled();
    // A new file clears the reason.
    choose(jpeg());
    expect(inline()).toBe('');
  });

  it("alerts the failure text when the worker fails, showing the library's refusal inline", async () => {
    compress.mockResolvedValue({
      id: 1,
      ok: false,
      message: 'The file given is not an instance of Blob or File',
    });
    render(<ImageCompressor />);
    choose(jpeg());
    submit();
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith('Compression failed. Please try again.');
    expect(inline()).toBe('The file given is not an instance of Blob or File');
    expect(compress).toHaveBeenCalledWith(expect.any(File), 0.5);
  });

  it('alerts the failure text alone when the worker gives no reason (an unreadable image, a crash)', async () => {
    compress.mockResolvedValue({ id: 1, ok: false, message: '' });
    render(<ImageCompressor />);
    choose(jpeg());
    submit();
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith('Compression failed. Please try again.');
    expect(inline()).toBe('');
    expect(screen.getByRole('button', { name: 'Compress' })).toHaveProperty('disabled', false);
  });

  it('alerts nothing when the compression succeeds, and shows the result', async () => {
    const blob = new Blob([new Uint8Array(2)], { type: 'image/jpeg' });
    compress.mockResolvedValue({ id: 1, ok: true, blob, width: 1920, height: 1440 });
    // jsdom has no object URLs.
    URL.createObjectURL = () => 'blob:compressed';
    URL.revokeObjectURL = () => {};
    render(<ImageCompressor />);
    choose(jpeg());
    submit();
    const link = await screen.findByRole('link', { name: 'Download Compressed Image' });
    expect(link.getAttribute('download')).toBe('compressed_image.jpg');
    expect(screen.getByText('1920 × 1440 px')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    expect(inline()).toBe('');
  });
});
