import type { Post } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import { hindiSourceNotes, translationMessages } from '@hurryup/contracts/translation-rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { type FakeMyMemory, fakeHindi, startFakeMyMemory } from './fake-translation.ts';
import { e2eAdminToken, type RunningServer, startServer, stopServer } from './global-setup.ts';

// A server of its own, whose translation service (MyMemory, the default) is a local fake.
let fake: FakeMyMemory;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeMyMemory();
  server = await startServer(fake.env);
});
afterAll(async () => {
  if (server) await stopServer(server);
  await fake?.close();
});

const session = openBrowserSession();

async function createPost(body: Record<string, unknown>): Promise<Post> {
  const res = await fetch(`${server.url}/api/admin/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${e2eAdminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ createdAt: '2026-01-05', author: 'Test Desk', ...body }),
  });
  if (res.status !== 201) throw new Error(`creating a post failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Post;
}

/** A browser voice that records what it says and finishes when told to. */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    let current: SpeechSynthesisUtterance | undefined;
    Object.defineProperty(window, 'speechSynthesis', {
      value: {
        getVoices: () => [],
        speak(u: SpeechSynthesisUtterance) {
          current = u;
          spoken.push({ text: u.text, lang: u.lang });
        },
        cancel() {
          current = undefined;
        },
      },
    });
    Object.assign(window, {
      __spoken: spoken,
      __finishSpeech: () => current?.onend?.(new Event('end') as never),
    });
  });
}
const spokenOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);

describe('English to Hindi (/englishToHindi)', () => {
  let page: Page;
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const status = () => page.locator('#translator-message');

  beforeAll(async () => {
    page = await session.browser.context.newPage();
    await recordSpeech(page);
    await page.goto(`${server.url}/englishToHindi`);
    await waitForHydration(page);
  });

  it('shows the input and output areas, the translate button and both play buttons, disabled while empty', async () => {
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('English to Hindi Translator');
    expect(await page.title()).toBe('English to Hindi Translator | Hurry Up');
    expect(await page.getByLabel('English text').isEditable()).toBe(true);
    expect(await page.getByLabel('Hindi translation').getAttribute('readonly')).not.toBeNull();
    expect(await button('Translate').isEnabled()).toBe(true);
    expect(await button('Play English Audio').isDisabled()).toBe(true);
    expect(await button('Play Hindi Audio').isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it("says 'Please enter text to translate.' for blank text and sends nothing", async () => {
    const before = fake.requests.length;
    await page.getByLabel('English text').fill('   ');
    await button('Translate').click();
    expect(await status().textContent()).toBe(translationMessages.empty);
    expect(fake.requests.length).toBe(before);
  });

  it("translates: 'Translating...' and disabled while busy, then the Hindi text", async () => {
    await page.getByLabel('English text').fill('Good morning, friends.');
    const release = fake.hold();
    await button('Translate').click();
    await button('Translating...').waitFor();
    expect(await button('Translating...').isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => page.getByLabel('Hindi translation').inputValue())
      .toBe(fakeHindi('Good morning, friends.'));
    expect(await button('Translate').isEnabled()).toBe(true);
    expect(await status().textContent()).toBe('');
    await expectNoSeriousAxeViolations(page);
  });

  it('reads each text aloud in its language; pressing play while speech is active cancels it', async () => {
    await button('Play English Audio').click();
    expect(await button('Play English Audio').getAttribute('aria-pressed')).toBe('true');
    await button('Play Hindi Audio').click();
    expect(await button('Play English Audio').getAttribute('aria-pressed')).toBe('false');
    await button('Play Hindi Audio').click();
    expect(await button('Play Hindi Audio').getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => (window as unknown as { __finishSpeech(): void }).__finishSpeech());
    await expect.poll(() => button('Play Hindi Audio').getAttribute('aria-pressed')).toBe('false');
    expect(await spokenOn(page)).toEqual([
      { text: 'Good morning, friends.', lang: 'en-US' },
      { text: fakeHindi('Good morning, friends.'), lang: 'hi-IN' },
    ]);
  });

  it("shows the server's message when no service answers", async () => {
    fake.mode = 'down';
    try {
      await page.getByLabel('English text').fill('A sentence the service never saw.');
      await button('Translate').click();
      await expect.poll(() => status().textContent()).toBe(translationMessages.unavailable);
      expect(await page.getByLabel('Hindi translation').inputValue()).toBe('');
      expect(await button('Play Hindi Audio').isDisabled()).toBe(true);
      // What was translated before is still answered from the database.
      await page.getByLabel('English text').fill('Good morning, friends.');
      await button('Translate').click();
      await expect
        .poll(() => page.getByLabel('Hindi translation').inputValue())
        .toBe(fakeHindi('Good morning, friends.'));
    } finally {
      fake.mode = 'ok';
    }
  });
});

describe("the post page's Hindi reading", () => {
  let page: Page;
  let withHindi: Post;
  let machine: Post;
  let untranslated: Post;
  const hindiRadio = () => page.getByLabel('हिन्दी (Hindi)');
  const region = () => page.getByRole('region', { name: 'Hindi translation' });

  beforeAll(async () => {
    withHindi = await createPost({
      title: 'Keep your UPI PIN to yourself',
      content: 'Never share your UPI PIN with anyone.',
      hindi: 'अपना यूपीआई पिन कभी किसी को न बताएं।',
    });
    machine = await createPost({
      title: 'Carry an umbrella in July',
      content: 'Monsoon rain comes without warning.',
    });
    untranslated = await createPost({ title: 'Back up your phone', content: 'Copy your photos every week.' });
    page = await session.browser.context.newPage();
  });

  it("shows the operator's Hindi version, says so, and asks no service", async () => {
    const before = fake.requests.length;
    let translateCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/translateText')) translateCalls += 1;
    });
    await page.goto(`${server.url}${postPath(withHindi.title)}`);
    await waitForHydration(page);
    await hindiRadio().check();
    await region().getByText(withHindi.hindi!).waitFor();
    expect(await region().getByText(hindiSourceNotes.operator).isVisible()).toBe(true);
    expect(await region().locator('[lang="hi"]').textContent()).toBe(withHindi.hindi);
    expect(translateCalls).toBe(0);
    expect(fake.requests.length).toBe(before);
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('English').check();
    expect(await region().count()).toBe(0);
  });

  it('shows a machine translation of a post without one, saying so', async () => {
    await page.goto(`${server.url}${postPath(machine.title)}`);
    await waitForHydration(page);
    await hindiRadio().check();
    await region().getByText(hindiSourceNotes.machine).waitFor();
    const translated = await region().locator('[lang="hi"]').textContent();
    // The post's read-aloud text: its title, then its body, each piece translated in order.
    expect(translated?.startsWith(`हिं〔${machine.title}`)).toBe(true);
    expect(translated).toContain(fakeHindi('Monsoon rain comes without warning.'));
    await expectNoSeriousAxeViolations(page);
  });

  it("shows 'Translation unavailable.' when no service answers", async () => {
    fake.mode = 'down';
    try {
      await page.goto(`${server.url}${postPath(untranslated.title)}`);
      await waitForHydration(page);
      await hindiRadio().check();
      await region().getByText(translationMessages.postUnavailable, { exact: true }).waitFor();
      expect(await region().getByText(hindiSourceNotes.machine).count()).toBe(0);
    } finally {
      fake.mode = 'ok';
    }
  });
});
