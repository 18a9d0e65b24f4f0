/** The part of @echogarden/espeak-ng-emscripten's Emscripten module this server uses (it ships no types). */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    /** 0 on success. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    readonly samplerate: number;
    /** Calls back with 16-bit PCM chunks as it speaks; returning true stops the synthesis. */
    synthesize(text: string, onChunk: (samples: Int16Array | undefined, events: unknown[]) => boolean): void;
    delete(): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const createModule: (options?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default createModule;
}
