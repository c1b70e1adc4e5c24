import fs from 'node:fs';
import { createCanvas, PDFDocument } from '@napi-rs/canvas';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowserSession,
  unreadableButtons,
  waitForHydration,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

/** A line of black text on white, as the visitor's screenshot would be. */
async function textPng(text: string): Promise<Buffer> {
  const canvas = createCanvas(40 + text.length * 24, 90);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  context.font = '40px sans-serif';
  context.fillText(text, 20, 60);
  return canvas.encode('png');
}

/** A PDF with a text layer, one line a page. */
function textPdf(pages: string[]): Buffer {
  const document = new PDFDocument();
  for (const line of pages) {
    const context = document.beginPage(595, 150);
    context.font = '18px sans-serif';
    context.fillText(line, 40, 60);
    document.endPage();
  }
  return document.close();
}

/** The page's inline detail beside the form (the server's reason for refusing a file). */
const inlineDetail = () => session.page.getByRole('alert');

/** The messages of the browser alerts (window.alert) the page raised since it was opened, each accepted. */
const dialogs: string[] = [];
beforeAll(() => {
  session.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
});

async function open(path: string) {
  dialogs.length = 0;
  await session.page.goto(`${baseUrl}${path}`);
  await waitForHydration(session.page);
}

describe('Image to text (/imgToText)', () => {
  it('shows the picker, the accepted types, Clear and Convert, and alerts when no file is chosen', async () => {
    await open('/imgToText');
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Image to Text');
    expect(await session.page.title()).toBe('Image to Text | Hurry Up');
    await session.page.getByText('Accepted types: jpeg, png, gif, jfif, heic, pdf').waitFor();
    const input = session.page.getByLabel(/Drag and drop a file here/);
    expect(await input.getAttribute('accept')).toContain('.jfif');
    await session.page.getByRole('button', { name: 'Convert' }).click();
    await expect.poll(() => dialogs).toEqual(['Please upload an image first.']);
    expect(await inlineDetail().count()).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('reads a picked image, showing progress meanwhile, then the text with a copy button', async () => {
    await open('/imgToText');
    await session.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the upload until the progress is seen, then let it through to the real server.
    await session.page.route('**/api/extract-text', async (route) => {
      await held;
      await route.continue();
    });
    await session.page.getByLabel(/Drag and drop a file here/).setInputFiles({
      name: 'notice.png',
      mimeType: 'image/png',
      buffer: await textPng('Market closed today'),
    });
    await session.page.getByText('Chosen: notice.png').waitFor();
    await session.page.getByRole('button', { name: 'Convert' }).click();
    await session.page.getByRole('progressbar', { name: 'Uploading and reading your file…' }).waitFor();
    expect(await session.page.getByRole('button', { name: 'Convert' }).isDisabled()).toBe(true);
    release();
    await session.page.getByRole('heading', { name: 'Extracted text' }).waitFor();
    await session.page.unroute('**/api/extract-text');
    expect(await session.page.locator('.text-tool__text').textContent()).toBe('Market closed today');
    await session.page.getByRole('button', { name: 'Copy text' }).click();
    await session.page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await session.page.evaluate(() => navigator.clipboard.readText())).toBe('Market closed today');
    expect(dialogs).toEqual([]);
    await expectNoSeriousAxeViolations(session.page);

    await session.page.getByRole('button', { name: 'Clear' }).click();
    expect(await session.page.locator('.text-tool__text').count()).toBe(0);
    expect(await session.page.getByText('Chosen:').count()).toBe(0);
  });

  it('takes a file dropped on the drop zone', async () => {
    await open('/imgToText');
    const bytes = (await textPng('Dropped file text')).toString('base64');
    const transfer = await session.page.evaluateHandle((base64) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], 'dropped.png', { type: 'image/png' }));
      return data;
    }, bytes);
    await session.page.dispatchEvent('.text-tool__drop', 'dragover', { dataTransfer: transfer });
    await session.page.dispatchEvent('.text-tool__drop', 'drop', { dataTransfer: transfer });
    await session.page.getByText('Chosen: dropped.png').waitFor();
    await session.page.getByRole('button', { name: 'Convert' }).click();
    await session.page.getByRole('heading', { name: 'Extracted text' }).waitFor();
    expect(await session.page.locator('.text-tool__text').textContent()).toBe('Dropped file text');
  });

  it("alerts 'Error extracting text. Please try again.' and shows the server's reason for a file it refuses", async () => {
    await open('/imgToText');
    await session.page.getByLabel(/Drag and drop a file here/).setInputFiles({
      name: 'renamed.png',
      mimeType: 'image/png',
      buffer: Buffer.from('a text file with a picture name'),
    });
    await session.page.getByRole('button', { name: 'Convert' }).click();
    await inlineDetail().waitFor();
    expect(dialogs).toEqual(['Error extracting text. Please try again.']);
    expect(await inlineDetail().textContent()).toMatch(/^The file sent as file is not of an accepted type/);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("alerts 'Error extracting text. Please try again.' alone when the server cannot be reached", async () => {
    await open('/imgToText');
    await session.page.route('**/api/extract-text', (route) => route.abort('failed'));
    await session.page.getByLabel(/Drag and drop a file here/).setInputFiles({
      name: 'notice.png',
      mimeType: 'image/png',
      buffer: await textPng('Offline'),
    });
    await session.page.getByRole('button', { name: 'Convert' }).click();
    await expect.poll(() => dialogs).toEqual(['Error extracting text. Please try again.']);
    await session.page.unroute('**/api/extract-text');
    await expect.poll(() => session.page.getByRole('button', { name: 'Convert' }).isEnabled()).toBe(true);
    expect(await inlineDetail().count()).toBe(0);
  });
});

describe('PDF to text (/pdfToText)', () => {
  it('accepts PDFs only and alerts when no file is chosen', async () => {
    await open('/pdfToText');
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('PDF to Text');
    expect(await session.page.title()).toBe('PDF to Text | Hurry Up');
    expect(await session.page.getByLabel(/Choose a PDF/).getAttribute('accept')).toBe('application/pdf,.pdf');
    await session.page.getByRole('button', { name: 'Convert to Text' }).click();
    await expect.poll(() => dialogs).toEqual(['Please select a PDF file.']);
    expect(await inlineDetail().count()).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('converts a PDF and offers the text as a .txt download named after it, pages kept', async () => {
    await open('/pdfToText');
    await session.page.getByLabel(/Choose a PDF/).setInputFiles({
      name: 'Quarterly Report.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf(['Page one text', 'Page two text']),
    });
    await session.page.getByRole('button', { name: 'Convert to Text' }).click();
    const link = session.page.getByRole('link', { name: 'Download Quarterly Report.txt' });
    await link.waitFor();
    expect(await link.getAttribute('download')).toBe('Quarterly Report.txt');
    const [download] = await Promise.all([session.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Quarterly Report.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe('Page one text\n\fPage two text\n');
    // Readable at rest, under the pointer, focused and while tapped (issue 27: `a:hover` blanked it).
    expect(await unreadableButtons(session.page)).toEqual([]);
    expect(dialogs).toEqual([]);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("alerts 'Failed to convert PDF. Please try again.' and shows why, for a damaged PDF", async () => {
    await open('/pdfToText');
    await session.page.getByLabel(/Choose a PDF/).setInputFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'),
    });
    await session.page.getByRole('button', { name: 'Convert to Text' }).click();
    await inlineDetail().waitFor();
    expect(dialogs).toEqual(['Failed to convert PDF. Please try again.']);
    expect(await inlineDetail().textContent()).toBe('This PDF is damaged and could not be read.');
    await expectNoSeriousAxeViolations(session.page);
  });
});
