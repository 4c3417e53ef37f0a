import { Lock, Mic, RotateCcw, Send, Square, Video, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  REPLY_MEDIA_MAX_BYTES,
  REPLY_MEDIA_MAX_SECONDS,
  REPLY_NAME_MAX,
  REPLY_REACTIONS,
  REPLY_TEXT_MAX,
  type ReplyMediaKind,
} from '../../../../shared/replies/reply-rules.ts';
import type { AddressForm } from '../../../../shared/cards/address-form.ts';
import { Button } from '../../../components/button.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { compressVideo } from '../../../lib/media/compress-video.ts';
import { takeToFile, useMediaRecorder, videoTakeToFile } from '../../../lib/media/use-media-recorder.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { UploadError } from '../../../lib/uploads/upload-error.ts';
import { sendReply, type ReplyTarget } from '../api/replies-api.ts';
import { uploadReplyNote } from '../api/reply-note-upload.ts';

/** Characters as people count them (an emoji is one), as the server counts them. */
const lengthOf = (text: string) => [...text].length;

/** The message for a failed reply: the server's code, or what the upload says went wrong. */
function problemKey(error: unknown): string {
  if (error instanceof UploadError) {
    if (error.code === 'file-too-large') return 'errors.payload-too-large';
    if (error.code === 'invalid-format') return 'errors.unsupported-media-type';
    if (error.code === 'unauthorized') return 'errors.card-not-found';
    return 'errors.generic';
  }
  return errorMessageKey(error);
}

/**
 * "Reply to {sender}" under an opened card (DESIGN §1.21): one of six reactions, a text of at most 500
 * characters, or a voice or video note of at most a minute, recorded here, played back before it is sent (or
 * recorded again), a video compressed on the device first; all sent without an account. One line says that
 * only the sender sees it. After sending, a thank-you, and the device may send another.
 */
export function ReplyPanel({
  target,
  sender,
  defaultName,
  form,
}: {
  target: ReplyTarget;
  sender: string;
  /** The page's register ("ты" or "вы" in Russian): a card's, from its message; an invitation's, "вы". */
  form?: AddressForm;
  /** The name the reply is signed with unless changed (the card's recipient); none for an invitation's guest. */
  defaultName?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [sent, setSent] = useState(false);
  const [text, setText] = useState('');
  const [name, setName] = useState(defaultName ?? '');
  const [busy, setBusy] = useState<'reaction' | 'text' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [noteKind, setNoteKind] = useState<ReplyMediaKind | null>(null);

  const signedName = defaultName === undefined ? undefined : name.trim() || undefined;

  async function send(kind: 'reaction' | 'text', input: { reaction?: string; text?: string }) {
    setBusy(kind);
    setProblem(null);
    try {
      await sendReply(target, { ...input, ...(signedName ? { name: signedName } : {}) });
      setText('');
      setSent(true);
    } catch (error) {
      setProblem(problemKey(error));
    } finally {
      setBusy(null);
    }
  }

  if (sent) {
    return (
      <section
        aria-labelledby={headingId}
        data-testid="reply-sent"
        className="mx-auto mt-8 max-w-md rounded-3xl bg-plum-50 px-5 py-6 text-center"
      >
        <h2 id={headingId} role="status" className="text-lg font-black text-ink">
          {t('replies.reply.thanks', { sender, context: form })}
        </h2>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => setSent(false)}
          data-testid="reply-another"
        >
          {t('replies.reply.another')}
        </Button>
      </section>
    );
  }

  const length = lengthOf(text.trim());
  return (
    <section
      aria-labelledby={headingId}
      data-testid="reply-panel"
      className="mx-auto mt-8 max-w-md rounded-3xl bg-white px-5 py-6 shadow-card ring-1 ring-plum-900/5"
    >
      <h2 id={headingId} className="text-xl font-black text-ink">
        {t('replies.reply.title', { sender })}
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted" data-testid="reply-privacy">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {t('replies.reply.privacy', { sender, context: form })}
      </p>

      <div
        role="group"
        aria-label={t('replies.reply.reactionsLabel')}
        className="mt-4 grid grid-cols-6 gap-1.5"
      >
        {REPLY_REACTIONS.map((reaction) => (
          <button
            key={reaction}
            type="button"
            disabled={busy !== null}
            aria-label={t('replies.reply.reactionAria', { reaction })}
            data-testid="reply-reaction"
            onClick={() => void send('reaction', { reaction })}
            className="flex aspect-square items-center justify-center rounded-2xl bg-plum-50 text-2xl transition hover:scale-105 hover:bg-plum-100 disabled:opacity-50 motion-reduce:hover:scale-100"
          >
            {reaction}
          </button>
        ))}
      </div>

      {defaultName !== undefined && (
        <label className="mt-4 block text-sm font-bold text-ink">
          {t('replies.reply.nameLabel', { context: form })}
          <input
            value={name}
            maxLength={REPLY_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            data-testid="reply-name"
            dir="auto"
            className="mt-1 block w-full rounded-xl border border-plum-200 px-3 py-2 text-base font-normal"
          />
        </label>
      )}

      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (length > 0 && length <= REPLY_TEXT_MAX) void send('text', { text });
        }}
      >
        <label className="block text-sm font-bold text-ink" htmlFor={`${headingId}-text`}>
          {t('replies.reply.textLabel', { context: form })}
        </label>
        <textarea
          id={`${headingId}-text`}
          value={text}
          rows={3}
          dir="auto"
          placeholder={t('replies.reply.textPlaceholder', { context: form })}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${headingId}-counter`}
          data-testid="reply-text"
          className="mt-1 block w-full resize-y rounded-xl border border-plum-200 px-3 py-2 text-base"
        />
        <div className="mt-2 flex items-center justify-between gap-3">
          <span
            id={`${headingId}-counter`}
            data-testid="reply-counter"
            className={`text-sm tabular-nums ${length > REPLY_TEXT_MAX ? 'font-bold text-coral-800' : 'text-muted'}`}
          >
            {t('replies.reply.counter', { count: length, max: REPLY_TEXT_MAX })}
          </span>
          <Button
            type="submit"
            pending={busy === 'text'}
            disabled={busy !== null || length === 0 || length > REPLY_TEXT_MAX}
            data-testid="reply-send-text"
          >
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {busy === 'text' ? t('replies.reply.sending') : t('replies.reply.send')}
          </Button>
        </div>
      </form>

      {noteKind ? (
        <NoteRecorder
          key={noteKind}
          kind={noteKind}
          form={form}
          onCancel={() => setNoteKind(null)}
          onSend={async (file) => {
            await uploadReplyNote({ target, kind: noteKind, file, name: signedName ?? '' });
            setNoteKind(null);
            setSent(true);
          }}
        />
      ) : (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setNoteKind('voice')} data-testid="reply-record-voice">
            <Mic aria-hidden="true" className="size-4 shrink-0" />
            {t('replies.reply.recordVoice')}
          </Button>
          <Button variant="secondary" onClick={() => setNoteKind('video')} data-testid="reply-record-video">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            {t('replies.reply.recordVideo')}
          </Button>
        </div>
      )}

      {problem && (
        <p role="alert" data-testid="reply-problem" className="mt-3 text-sm font-bold text-coral-800">
          {t(problem)}
        </p>
      )}
    </section>
  );
}

/** What the camera sees while it records, mirrored like a selfie. */
function LivePreview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      muted
      playsInline
      className="aspect-video w-full -scale-x-100 rounded-2xl bg-black object-cover"
    />
  );
}

/**
 * Records one voice or video note (at most a minute: it stops by itself), plays it back, and sends it or
 * records again. A video is compressed on the device before it goes (H.264 within 720p, like the sender's).
 */
function NoteRecorder({
  kind,
  form,
  onCancel,
  onSend,
}: {
  kind: ReplyMediaKind;
  form?: AddressForm;
  onCancel: () => void;
  onSend: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const recorder = useMediaRecorder(REPLY_MEDIA_MAX_SECONDS, { video: kind === 'video' });
  const [stage, setStage] = useState<{ step: 'preparing' | 'uploading'; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { start } = recorder;
  useEffect(() => {
    void start();
  }, [start]);

  async function send() {
    const take = recorder.take;
    if (!take) return;
    setProblem(null);
    try {
      let file = kind === 'video' ? videoTakeToFile(take) : takeToFile(take);
      if (kind === 'video') {
        setStage({ step: 'preparing', percent: 0 });
        // Compressed when the device can; the clip as recorded when it cannot and is within the cap.
        file = await compressVideo(file, {
          onProgress: (fraction) => setStage({ step: 'preparing', percent: Math.round(fraction * 100) }),
        })
          .then((result) => result.file)
          .catch(() => file);
        if (file.size > REPLY_MEDIA_MAX_BYTES.video) throw new UploadError('file-too-large', 'too large');
      }
      setStage({ step: 'uploading', percent: 0 });
      await onSend(file);
    } catch (error) {
      setProblem(problemKey(error));
      setStage(null);
    }
  }

  const unavailable = recorder.problem !== null;
  return (
    <div
      className="mt-4 rounded-2xl bg-plum-50 p-3"
      data-testid="reply-recorder"
      data-status={recorder.status}
    >
      {recorder.status === 'recording' && (
        <div className="flex flex-col gap-2">
          {kind === 'video' && recorder.liveStream && <LivePreview stream={recorder.liveStream} />}
          <div className="flex items-center justify-between gap-2">
            <span role="timer" className="text-sm font-bold text-coral-800 tabular-nums">
              {t('replies.reply.recording', {
                seconds: Math.floor(recorder.elapsedSeconds),
                max: REPLY_MEDIA_MAX_SECONDS,
              })}
            </span>
            <Button onClick={recorder.stop} data-testid="reply-stop">
              <Square aria-hidden="true" className="size-4" />
              {t('replies.reply.stop')}
            </Button>
          </div>
        </div>
      )}
      {recorder.status === 'recorded' && recorder.take && (
        <div className="flex flex-col gap-2">
          {kind === 'video' ? (
            <video
              src={recorder.take.url}
              controls
              playsInline
              data-testid="reply-preview"
              className="aspect-video w-full rounded-2xl bg-black"
            />
          ) : (
            <audio src={recorder.take.url} controls data-testid="reply-preview" className="w-full" />
          )}
          {stage ? (
            <p role="status" className="text-sm font-bold text-plum-800" data-testid="reply-note-progress">
              {stage.step === 'preparing'
                ? t('replies.reply.preparing')
                : t('replies.reply.uploading', { percent: stage.percent })}
            </p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              <Button
                variant="secondary"
                onClick={() => void recorder.start()}
                data-testid="reply-record-again"
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('replies.reply.recordAgain')}
              </Button>
              <Button onClick={() => void send()} data-testid="reply-send-note">
                <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                {t('replies.reply.sendNote')}
              </Button>
            </div>
          )}
        </div>
      )}
      {unavailable && (
        <p role="alert" className="text-sm font-bold text-coral-800">
          {t(kind === 'video' ? 'replies.reply.cameraUnavailable' : 'replies.reply.micUnavailable', {
            context: form,
          })}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm font-bold text-coral-800">
          {t(problem)}
        </p>
      )}
      {!stage && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onCancel} data-testid="reply-cancel-note">
          <X aria-hidden="true" className="size-4" />
          {t('replies.reply.cancel')}
        </Button>
      )}
    </div>
  );
}
