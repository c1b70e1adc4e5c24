export type TranslationTables = {
  /** Finished translations, one per text and target language, whichever service made them. */
  translations: {
    /** SHA-256 of the source text (UTF-8), hex. */
    text_hash: string;
    /** The target language, e.g. 'hi': independent of the service, so any service's answer serves all. */
    target: string;
    translated: string;
    /** The service that made it ('mymemory', 'libretranslate', 'google'), for the operator. */
    service: string;
    /** The source text's length in characters. */
    source_chars: number;
    created_at: string;
  };
};
