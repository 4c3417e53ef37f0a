import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages.ts';
import { includesAdvancedAi } from '../../../shared/payments/plans.ts';
import type { GreetingPreviewResponse, GreetingPreviewValues } from '../../../shared/voice/voice.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import type { SpeechEngine } from '../../platform/speech/speech-engine.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { VoiceClipRecord, VoiceClipsRepository } from './voice-clips.repository.ts';
import { voiceApi } from '../../../shared/api-paths.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';
import { addressFormOf } from '../../../shared/cards/address-form.ts';
import { greetingText } from '../../../shared/voice/greeting.ts';

const HOUR = 60 * 60 * 1000;

/** 'Hear it' synthesizes (or finds) a greeting; counted in the database across instances. */
export const VOICE_RATE_LIMITS = {
  previewPerOwner: { limit: 60, windowMs: HOUR },
  previewPerIp: { limit: 120, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** After a configured provider fails, the built-in voice answers alone for this long before it is tried again. */
const PROVIDER_COOL_DOWN_MS = 60_000;

/** Who asks for a preview: their plan picks the engine, their ids and address count for the rate limits. */
export type VoiceActor = Pick<CardActor, 'userId' | 'guestSessionId' | 'ip' | 'tier'>;

/** What a card says aloud: its names, message, voice and language, and whether the message is read. */
export interface CardSpeech {
  recipientName: string;
  senderName: string;
  message: string;
  selectedVoice: Voice | null;
  language: Language;
  readMessageAloud: boolean;
  /** An invitation's event, or null for a card: an invitation greets its guests in the polite register. */
  invitation: unknown;
}

/** A clip's audio in storage; `clipId` is the clip actually heard (the built-in one when a provider failed). */
export interface StoredClip {
  clipId: string;
  key: string;
  size: number;
}

export type VoiceService = ReturnType<typeof createVoiceService>;

/**
 * The AI voice (DESIGN §1.13): clips of synthesized speech, named by an HMAC of what they say (engine, voice,
 * language, text) so the same words are synthesized once and a clip's name reveals nothing of its words.
 * Synthesis happens on first need — 'Hear it' in the editor, the overview, the recipient page — and when a
 * card is paid, so its greeting is ready before the link is opened. Plus and Premium senders get the
 * configured provider's voice (DESIGN §1.18); when it fails, the built-in engine answers.
 */
export function createVoiceService(deps: {
  repository: VoiceClipsRepository;
  storage: FileStorage;
  engines: { builtIn: SpeechEngine; provider: SpeechEngine | null };
  /** Keys the clip names (derived from the app secret, shared by every instance). */
  clipKey: Buffer;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { repository, storage, engines, clipKey, rateLimiter, now, log } = deps;
  const inFlight = new Map<string, Promise<StoredClip>>();
  let providerResumesAt = 0;

  const engineFor = (tier: string | null): SpeechEngine =>
    engines.provider && includesAdvancedAi(tier) ? engines.provider : engines.builtIn;

  /** Records the clip for these words and answers its name; nothing is synthesized yet. */
  async function registerClip(
    engine: string,
    voice: Voice,
    language: Language,
    text: string,
  ): Promise<string> {
    const id = crypto
      .createHmac('sha256', clipKey)
      .update(JSON.stringify([engine, voice, language, text]))
      .digest('base64url');
    await repository.register({ id, engine, voice, language, text }, now());
    return id;
  }

  async function synthesize(clip: VoiceClipRecord): Promise<StoredClip> {
    const provider = engines.provider;
    // A clip of an engine no longer configured is spoken by the built-in one, under its own name.
    const engine = provider && clip.engine === provider.id ? provider : engines.builtIn;
    if (engine === provider && Date.now() < providerResumesAt) return fallbackFor(clip);
    let audio;
    try {
      audio = await engine.synthesize({ text: clip.text, language: clip.language, voice: clip.voice });
    } catch (error) {
      if (engine !== provider) throw error;
      providerResumesAt = Date.now() + PROVIDER_COOL_DOWN_MS;
      log.warn(
        { err: error, engine: provider.id },
        'voice: the speech provider failed; using the built-in voice',
      );
      return fallbackFor(clip);
    }
    // Each synthesis writes a file of its own: the housekeeping may be removing an earlier file of these words
    // (their clip was unused, and is asked for again just now), and must not take this one with it.
    const key = `voice/${clip.id}.${crypto.randomBytes(6).toString('base64url')}.mp3`;
    await storage.write(key, audio.data, 'audio/mpeg');
    if (await repository.markSynthesized(clip.id, { storageKey: key, size: audio.data.length }, now())) {
      return { clipId: clip.id, key, size: audio.data.length };
    }
    // Another instance stored this clip first, or the housekeeping removed it as unused meanwhile.
    await storage.delete(key);
    const stored = await repository.findById(clip.id);
    if (!stored || stored.storageKey === null || stored.size === null) throw new AppError('not-found');
    return { clipId: clip.id, key: stored.storageKey, size: stored.size };
  }

  /** The provider's clip stays unsynthesized, to be tried again later; the built-in voice says it now. */
  async function fallbackFor(clip: VoiceClipRecord): Promise<StoredClip> {
    return storedClip(await registerClip(engines.builtIn.id, clip.voice, clip.language, clip.text));
  }

  /** The clip's audio, synthesized now if it has not been yet (once per process however many ask at once). */
  async function storedClip(clipId: string): Promise<StoredClip> {
    const clip = await repository.findById(clipId);
    if (!clip) throw new AppError('not-found');
    if (clip.storageKey !== null && clip.size !== null) {
      return { clipId, key: clip.storageKey, size: clip.size };
    }
    let pending = inFlight.get(clipId);
    if (!pending) {
      pending = synthesize(clip).finally(() => inFlight.delete(clipId));
      inFlight.set(clipId, pending);
    }
    return pending;
  }

  return {
    /**
     * Names the clips a card speaks — the greeting, and the message when the sender asked for it — in the
     * card's voice and language, with the engine of the owner's plan. Cheap: synthesis waits for a listener.
     */
    async clipsForCard(
      card: CardSpeech,
      ownerTier: string | null,
    ): Promise<{ greetingClipId: string | null; messageClipId: string | null }> {
      if (card.selectedVoice === null) return { greetingClipId: null, messageClipId: null };
      const engine = engineFor(ownerTier).id;
      const greeting = greetingText(card.language, card.recipientName, card.senderName, addressFormOf(card));
      return {
        greetingClipId: await registerClip(engine, card.selectedVoice, card.language, greeting),
        messageClipId: card.readMessageAloud
          ? await registerClip(engine, card.selectedVoice, card.language, card.message)
          : null,
      };
    },

    /**
     * Synthesizes a paid card's clips, so the recipient's first tap plays at once; callers need not wait for
     * it (it never rejects). Each clip is looked up: one made before may have been removed as unused since.
     */
    async prepare(clipIds: ReadonlyArray<string | null>): Promise<void> {
      await Promise.all(
        clipIds.map(async (clipId) => {
          if (clipId === null) return;
          await storedClip(clipId).catch((error: unknown) =>
            log.error({ err: error, clipId }, 'voice: could not synthesize a paid card clip'),
          );
        }),
      );
    },

    /**
     * The editor's 'Hear it' (DESIGN §1.13): the greeting for these names, voice and language, synthesized
     * before it answers, so the browser plays it at once. Guests and users alike, within the rate limits.
     */
    async previewGreeting(
      actor: VoiceActor,
      request: GreetingPreviewValues,
    ): Promise<GreetingPreviewResponse> {
      const owner = actor.userId ?? actor.guestSessionId ?? `ip:${actor.ip}`;
      await rateLimiter.consume(`voice:preview:ip:${actor.ip}`, VOICE_RATE_LIMITS.previewPerIp);
      await rateLimiter.consume(`voice:preview:owner:${owner}`, VOICE_RATE_LIMITS.previewPerOwner);
      const text = greetingText(request.language, request.recipientName, request.senderName, request.form);
      const clipId = await registerClip(engineFor(actor.tier).id, request.voice, request.language, text);
      const heard = await storedClip(clipId);
      return { text, audioUrl: voiceApi.clip(heard.clipId) };
    },

    /** A clip to play: anyone holding its name may, since the name is only ever handed to those allowed. */
    storedClip,
  };
}
