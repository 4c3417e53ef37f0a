import crypto from 'node:crypto';
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedVideoPacketSource,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/**
 * Media files for tests that are what they claim by content, down to their container (the server parses it),
 * at any size asked for. Their frames are random bytes: nothing decodes them, the server only checks that
 * the container holds a track of the kind and a duration.
 */

/** A one-second MP4 with a 320×240 VP9 track of 10 frames, muxed by mediabunny. */
async function sampleMp4(): Promise<Buffer> {
  const output = new Output({
    format: new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target: new BufferTarget(),
  });
  const source = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(source, { frameRate: 10 });
  await output.start();
  for (let frame = 0; frame < 10; frame++) {
    await source.add(
      new EncodedPacket(crypto.randomBytes(64), frame === 0 ? 'key' : 'delta', frame / 10, 1 / 10),
      frame === 0
        ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 240 } }
        : undefined,
    );
  }
  await output.finalize();
  return Buffer.from(output.target.buffer!);
}

const SAMPLE_MP4 = await sampleMp4();
/** A `free` box's header: its size, then its type. */
const FREE_BOX_HEADER = 8;

/** An MP4 video of exactly `size` bytes: the sample, then a `free` box of random bytes filling the rest. */
export function fakeVideo(size: number): Buffer<ArrayBuffer> {
  const filler = size - SAMPLE_MP4.length;
  if (filler < FREE_BOX_HEADER) throw new Error(`a fake video needs at least ${SAMPLE_MP4.length + 8} bytes`);
  const bytes = Buffer.alloc(size);
  SAMPLE_MP4.copy(bytes);
  bytes.writeUInt32BE(filler, SAMPLE_MP4.length);
  bytes.write('free', SAMPLE_MP4.length + 4, 'latin1');
  crypto.randomFillSync(bytes, SAMPLE_MP4.length + FREE_BOX_HEADER);
  return bytes;
}

/** A WAV voice message of exactly `size` bytes: 16-bit mono PCM at 8 kHz, noise. */
export function fakeVoice(size: number): Buffer<ArrayBuffer> {
  const header = 44;
  const data = size - header;
  if (data < 2) throw new Error('a fake voice message needs at least 46 bytes');
  const bytes = Buffer.alloc(size);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(16000, 28); // bytes per second
  bytes.writeUInt16LE(2, 32); // block align
  bytes.writeUInt16LE(16, 34); // bits per sample
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(data, 40);
  crypto.randomFillSync(bytes, header);
  return bytes;
}

/**
 * A voice message as a browser's MediaRecorder writes it, two seconds of 20 ms packets: Chromium's WebM with
 * an Opus track, streamed as it is recorded (no duration, no element sizes, no cues), or Safari's fragmented
 * MP4 with an AAC track.
 */
export async function recordedVoice(browser: 'chromium' | 'safari'): Promise<Buffer> {
  const output = new Output({
    format:
      browser === 'chromium'
        ? new WebMOutputFormat({ appendOnly: true })
        : new Mp4OutputFormat({ fastStart: 'fragmented' }),
    target: new BufferTarget(),
  });
  const source = new EncodedAudioPacketSource(browser === 'chromium' ? 'opus' : 'aac');
  output.addAudioTrack(source);
  await output.start();
  const decoderConfig =
    browser === 'chromium'
      ? { codec: 'opus', numberOfChannels: 1, sampleRate: 48_000 }
      : // AAC-LC, 48 kHz, mono (its AudioSpecificConfig).
        {
          codec: 'mp4a.40.2',
          numberOfChannels: 1,
          sampleRate: 48_000,
          description: new Uint8Array([0x11, 0x88]),
        };
  for (let packet = 0; packet < 100; packet++) {
    await source.add(
      new EncodedPacket(crypto.randomBytes(80), 'key', packet * 0.02, 0.02),
      packet === 0 ? { decoderConfig } : undefined,
    );
  }
  await output.finalize();
  return Buffer.from(output.target.buffer!);
}
