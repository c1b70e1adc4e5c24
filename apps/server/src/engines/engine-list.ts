import type { EngineDefinition } from './engine.ts';
import { feedParseEngine } from './feed-parse/feed-parse.engine.ts';
import { imageCopyEngine } from './image-copy/image-copy.engine.ts';
import { imageUploadEngine } from './image-upload/image-upload.engine.ts';
import { ocrEngine } from './ocr/ocr.engine.ts';
import { speechEnglishEngine, speechHindiEngine } from './speech/speech.engine.ts';

/**
 * Every engine of the site, once. With Redis each becomes a job (`engine.<name>`) that worker processes
 * run, so every process must know them all before its jobs start (app/engine-jobs.ts).
 */
export const engineList: readonly EngineDefinition<never, unknown>[] = [
  imageCopyEngine,
  imageUploadEngine,
  feedParseEngine,
  speechEnglishEngine,
  speechHindiEngine,
  ocrEngine,
] as never;
