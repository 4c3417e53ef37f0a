/** The parts of `@echogarden/espeak-ng-emscripten` (espeak-ng compiled by Emscripten; no types shipped) we call. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
    audio_position: number;
    text_position: number;
  }

  /** One espeak-ng instance; its input is always read as SSML. */
  export interface EspeakWorker {
    readonly samplerate: number;
    /** A voice such as `ru` or `ru+f3` (language + variant); answers 0 when it was found. */
    set_voice(name: string): number;
    /** Words per minute (espeak-ng's default: 175). */
    set_rate(wordsPerMinute: number): void;
    /** Base pitch and pitch range, 0–100 (espeak-ng's defaults: 50 and 50). */
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    /** Calls back with each chunk of 16-bit samples as it is made; answering true stops the synthesis. */
    synthesize(
      text: string,
      callback: (samples: Int16Array | undefined, events: EspeakEvent[]) => boolean | void,
    ): void;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }

  export default function initialize(): Promise<EspeakModule>;
}
