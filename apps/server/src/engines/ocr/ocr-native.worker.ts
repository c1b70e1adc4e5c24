import { type NativeTaskContext, runProgram } from '../host-programs.ts';
import type { OcrOutput, OcrRequest } from './ocr.engine.ts';
import { readDocument } from './ocr-document.ts';

/** The text tesseract may print for one picture at most (a dense A4 page is about 5 KB). */
const maxTextBytes = 1024 * 1024;

/**
 * The arguments of Debian's `tesseract` that read as tesseract.js does: the PNG on stdin, English and Hindi
 * together, the LSTM engine only, 300 dpi assumed (pictures rarely say theirs), no page separator.
 */
export const tesseractArguments = [
  'stdin',
  'stdout',
  '-l',
  'eng+hin',
  '--oem',
  '1',
  '--dpi',
  '300',
  '-c',
  'page_separator=',
];

/** Reads one PNG with the host's tesseract, one thread (the engine's own limit is the parallelism). */
export function recogniseWithTesseract(png: Buffer, context: NativeTaskContext): Promise<string> {
  return runProgram(context.programs.tesseract, tesseractArguments, {
    stdin: png,
    maxOutputBytes: maxTextBytes,
    signal: context.signal,
    env: { OMP_THREAD_LIMIT: '1' },
    onSpawn: context.onSpawn,
  }).then((text) => text.toString('utf8'));
}

/**
 * Runs in the engine's child process (native): the same preparation as the WebAssembly engine (picture
 * checks, HEIC, PDF text layers and pages), each picture read by the host's tesseract, a grandchild that
 * dies with its child when the pool stops the task (the child's process group is killed).
 */
export default function readTextNative(request: OcrRequest, context: NativeTaskContext): Promise<OcrOutput> {
  return readDocument(request, (png) => recogniseWithTesseract(png, context));
}
