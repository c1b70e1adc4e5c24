import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

const word = () => session.page.getByLabel('Word');
const fetchMeaning = () => session.page.getByRole('button', { name: 'Fetch Meaning' });
const result = () => session.page.locator('#dictionary-result');

async function openDictionary() {
  await session.page.goto(`${baseUrl}/dict`);
  await waitForHydration(session.page);
}

async function lookUp(text: string) {
  await word().fill(text);
  await fetchMeaning().click();
  await session.page.waitForFunction(
    () => !document.querySelector('#dictionary-result')?.textContent?.startsWith('Looking up'),
  );
}

describe('Dictionary (/dict)', () => {
  it('shows the word input, the Fetch Meaning button and the placeholder', async () => {
    await openDictionary();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Dictionary');
    expect(await session.page.title()).toBe('Dictionary | Hurry Up');
    expect(await result().textContent()).toBe('Result will appear here.');
    expect(await word().getAttribute('maxlength')).toBe('64');
    await expectNoSeriousAxeViolations(session.page);
  });

  it("shows the first meaning's first definition, then every sense by part of speech", async () => {
    await openDictionary();
    await lookUp('dog');
    expect(await session.page.locator('.dictionary__first').textContent()).toBe(
      'dog a member of the genus Canis (probably descended from the common wolf) that has been domesticated by man since prehistoric times; occurs in many breeds',
    );
    expect(await result().getByRole('heading', { level: 3 }).allTextContents()).toEqual(['noun', 'verb']);
    await result().getByText('the dog barked all night').waitFor();
    expect(await result().locator('.dictionary__synonyms').first().textContent()).toBe(
      'Synonyms: domestic dog, Canis familiaris',
    );
    await expectNoSeriousAxeViolations(session.page);
  });

  it('finds the base form of an irregular word, and phrases', async () => {
    await openDictionary();
    await lookUp('went');
    expect(await result().getByRole('heading', { level: 2 }).allTextContents()).toEqual(['go']);
    expect(await session.page.locator('.dictionary__form-of').textContent()).toBe('went: past tense of go');
    await lookUp('mice');
    expect(await result().getByRole('heading', { level: 2 }).allTextContents()).toEqual(['mouse']);
    expect(await session.page.locator('.dictionary__form-of').textContent()).toBe('mice: plural of mouse');
    await lookUp('running');
    expect(await result().getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'running',
      'run (base form)',
    ]);
    await lookUp('Ice Cream');
    expect(await session.page.locator('.dictionary__first').textContent()).toMatch(
      /^ice cream .*frozen dessert/,
    );
  });

  it('looks up the word a link names, and names the word it looked up', async () => {
    await session.page.goto(`${baseUrl}/dict?word=geese`);
    await waitForHydration(session.page);
    await result().getByRole('heading', { level: 2, name: 'goose' }).waitFor();
    expect(await word().inputValue()).toBe('geese');
    await lookUp('bought');
    expect(await result().getByRole('heading', { level: 2 }).allTextContents()).toEqual(['buy']);
    expect(new URL(session.page.url()).search).toBe('?word=bought');
  });

  it("says 'Word not found' for an unknown word, and checks a word before asking", async () => {
    await openDictionary();
    await lookUp('xyzzyq');
    expect(await result().textContent()).toBe('Word not found');
    let asked = 0;
    session.page.on('request', (request) => {
      if (request.url().includes('/api/dictionary/')) asked += 1;
    });
    await lookUp('dog1');
    expect(await result().textContent()).toBe(
      'A word may hold only letters, spaces, apostrophes and hyphens.',
    );
    await lookUp('   ');
    expect(await result().textContent()).toBe('Please enter a word.');
    expect(asked).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
    expect(session.problems).toEqual([]);
  });
});
