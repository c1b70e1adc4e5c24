/** The parts of eSpeak NG's WebAssembly build (@echogarden/espeak-ng-emscripten, no types of its own) the worker uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    get_samplerate(): number;
    /** Calls back with each chunk of 16-bit samples (a view the next chunk overwrites); `0` goes on. */
    synthesize(
      text: string,
      callback: (samples: Int16Array | null, events: unknown[]) => number | boolean,
    ): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const initialize: () => Promise<ESpeakNGModule>;
  export default initialize;
}
