import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { dictionaryWordProblem, normalisedWord } from './dictionary-rules.ts';

/** `:word`: letters, spaces, apostrophes and hyphens, at most 64 characters (dictionary-rules.ts). */
export const dictionaryWordParamsSchema = z.object({
  word: z
    .string()
    .superRefine((word, context) => {
      const problem = dictionaryWordProblem(word);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalisedWord)
    .describe('The word or phrase, e.g. "run", "mice" or "ice cream" (URL-encoded)'),
});

const wordListSchema = z.array(z.string());

export const dictionaryDefinitionSchema = z
  .object({
    definition: z.string(),
    example: z.string().optional(),
    synonyms: wordListSchema.describe('Other words of this sense'),
    antonyms: wordListSchema,
  })
  .meta({ id: 'DictionaryDefinition' });

export const dictionaryMeaningSchema = z
  .object({
    partOfSpeech: z
      .string()
      .describe(
        'noun, verb, adjective or adverb from WordNet; a hosted dictionary may name others (pronoun, ...)',
      ),
    definitions: z.array(dictionaryDefinitionSchema),
    synonyms: wordListSchema.describe('The synonyms of all its senses'),
    antonyms: wordListSchema,
  })
  .meta({ id: 'DictionaryMeaning' });

export const dictionaryEntrySchema = z
  .object({
    word: z.string().describe('The headword: the word asked for, or its base form ("mice" gives "mouse")'),
    phonetic: z
      .string()
      .optional()
      .describe('The pronunciation, where the source knows it (WordNet does not)'),
    phonetics: z.array(z.object({ text: z.string().optional(), audio: z.string().optional() })),
    meanings: z.array(dictionaryMeaningSchema),
    license: z.object({ name: z.string(), url: z.string() }).optional(),
    sourceUrls: z.array(z.string()),
  })
  .meta({ id: 'DictionaryEntry' });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

export const lookUpWord = defineCall({
  method: 'GET',
  path: '/api/dictionary/entries/en/:word',
  operationId: 'lookUpWord',
  summary:
    'The meanings of an English word or phrase, in the shape of dictionaryapi.dev (WordNet 3.0, offline; ' +
    'inflected and irregular forms give their base form too: "ran" gives "run")',
  tag: 'tools',
  access: 'public',
  params: dictionaryWordParamsSchema,
  status: 200,
  response: z.array(dictionaryEntrySchema).meta({ id: 'DictionaryEntryList' }),
  errors: [400, 404, 503],
});
