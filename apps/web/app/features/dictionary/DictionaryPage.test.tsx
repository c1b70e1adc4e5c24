import type { DictionaryEntry } from '@hurryup/contracts/dictionary';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api-error.ts';
import { DictionaryPage } from './DictionaryPage.tsx';
import { DictionaryResult, sensesShown } from './DictionaryResult.tsx';

const callApiLazily = vi.hoisted(() => vi.fn());
vi.mock('../../shared/lazy-api-client.ts', () => ({ callApiLazily }));

const entry = (
  word: string,
  definitions: DictionaryEntry['meanings'][number]['definitions'],
): DictionaryEntry => ({
  word,
  phonetics: [],
  meanings: [{ partOfSpeech: 'noun', definitions, synonyms: [], antonyms: [] }],
  license: { name: 'WordNet 3.0 license', url: 'https://wordnet.princeton.edu/license-and-commercial-use' },
  sourceUrls: ['https://wordnet.princeton.edu/'],
});

const result = () => document.querySelector('#dictionary-result')?.textContent;

async function lookUp(word: string) {
  fireEvent.change(screen.getByLabelText('Word'), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Fetch Meaning' }));
}

beforeEach(() => {
  callApiLazily.mockReset();
  window.history.replaceState(null, '', '/dict');
});

describe('the dictionary page', () => {
  it('asks for the trimmed word and shows the first definition first', async () => {
    callApiLazily.mockResolvedValue([
      entry('mouse', [
        {
          definition: 'any of numerous small rodents',
          example: 'a mouse ran by',
          synonyms: [],
          antonyms: [],
        },
        { definition: 'a hand-operated pointing device', synonyms: ['computer mouse'], antonyms: [] },
      ]),
    ]);
    render(<DictionaryPage />);
    expect(result()).toBe('Result will appear here.');
    await lookUp('  mice ');
    await screen.findByText('any of numerous small rodents', { selector: 'li' });
    expect(callApiLazily.mock.calls[0]?.[1]).toEqual({ params: { word: 'mice' } });
    expect(document.querySelector('.dictionary__first')?.textContent).toBe(
      'mouse any of numerous small rodents',
    );
    expect(screen.getByText('a mouse ran by').tagName).toBe('Q');
    expect(screen.getByText('computer mouse', { exact: false }).textContent).toBe('Synonyms: computer mouse');
  });

  it('shows the pronunciation when the answer has one', async () => {
    callApiLazily.mockResolvedValue([
      { ...entry('hello', [{ definition: 'a greeting', synonyms: [], antonyms: [] }]), phonetic: 'həˈləʊ' },
    ]);
    render(<DictionaryPage />);
    await lookUp('hello');
    await screen.findByText('həˈləʊ');
  });

  it("says 'No definition found.' when the answer holds no definition", async () => {
    callApiLazily.mockResolvedValueOnce([]).mockResolvedValueOnce([entry('odd', [])]);
    render(<DictionaryPage />);
    await lookUp('odd');
    await screen.findByText('No definition found.');
    await lookUp('odd');
    await screen.findByText('No definition found.');
  });

  it("says 'Word not found' for a 404, the server's word message for a 400, and a retry text otherwise", async () => {
    callApiLazily
      .mockRejectedValueOnce(new ApiError('Word not found', 404, 'NOT_FOUND'))
      .mockRejectedValueOnce(
        new ApiError('Some values are not valid.', 400, 'VALIDATION_ERROR', {
          word: 'A word is at most 64 characters.',
        }),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<DictionaryPage />);
    await lookUp('qwertyuiop');
    await screen.findByText('Word not found');
    await lookUp('dog');
    await screen.findByText('A word is at most 64 characters.');
    await lookUp('cat');
    await screen.findByText('Could not fetch the meaning. Please try again.');
  });

  it('checks the word before asking', async () => {
    render(<DictionaryPage />);
    await lookUp('r2d2');
    expect(result()).toBe('A word may hold only letters, spaces, apostrophes and hyphens.');
    await lookUp('');
    expect(result()).toBe('Please enter a word.');
    expect(callApiLazily).not.toHaveBeenCalled();
  });

  it('says it is looking and holds the button until the answer comes', async () => {
    let answer: (value: DictionaryEntry[]) => void = () => {};
    callApiLazily.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(<DictionaryPage />);
    await lookUp('dog');
    expect(result()).toBe('Looking up "dog"...');
    const button = screen.getByRole('button', { name: 'Fetch Meaning' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer([entry('dog', [{ definition: 'a canine', synonyms: [], antonyms: [] }])]);
    await screen.findByText('a canine', { selector: 'li' });
    expect(button.disabled).toBe(false);
  });

  it('names the word in the address, and looks up the word an address names', async () => {
    callApiLazily.mockResolvedValue([
      entry('run', [{ definition: 'move fast', synonyms: [], antonyms: [] }]),
    ]);
    render(<DictionaryPage />);
    await lookUp('ran');
    await screen.findByText('move fast', { selector: 'li' });
    expect(window.location.search).toBe('?word=ran');
  });

  it('looks up the word of /dict?word=…', async () => {
    window.history.replaceState(null, '', '/dict?word=ice%20cream');
    callApiLazily.mockResolvedValue([
      entry('ice cream', [{ definition: 'frozen dessert', synonyms: [], antonyms: [] }]),
    ]);
    render(<DictionaryPage />);
    await screen.findByText('frozen dessert', { selector: 'li' });
    expect((screen.getByLabelText('Word') as HTMLInputElement).value).toBe('ice cream');
    expect(callApiLazily.mock.calls[0]?.[1]).toEqual({ params: { word: 'ice cream' } });
  });
});

describe('a long answer', () => {
  it("leads with 'went: past tense of go' and shows the first senses of each part of speech, the rest behind 'more'", () => {
    const senses = Array.from({ length: 7 }, (_, i) => ({
      definition: `Sense number ${i + 1}.`,
      synonyms: [],
      antonyms: [],
    }));
    const entries = [
      {
        word: 'go',
        phonetics: [],
        meanings: [{ partOfSpeech: 'verb', definitions: senses, synonyms: [], antonyms: [] }],
        sourceUrls: [],
      },
    ] as unknown as DictionaryEntry[];
    const { container } = render(<DictionaryResult entries={entries} asked="went" />);
    expect(container.querySelector('.dictionary__form-of')?.textContent).toBe('went: past tense of go');
    const shown = container.querySelectorAll('.dictionary__meaning > ol > li');
    expect(shown).toHaveLength(sensesShown);
    const more = container.querySelector('details.dictionary__more')!;
    expect(more.hasAttribute('open')).toBe(false);
    expect(more.querySelector('summary')?.textContent).toBe('4 more verb meanings');
    expect(more.querySelectorAll('li')).toHaveLength(7 - sensesShown);
  });
});
