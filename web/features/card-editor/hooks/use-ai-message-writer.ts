import { useCallback, useEffect, useRef, useState } from 'react';
import {
  aiMessageRequestSchema,
  type AiMessageRequest,
  type AiMessageRequestValues,
} from '../../../../shared/ai/ai-message.contract.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { writeAiMessage } from '../api/ai-message-api.ts';

/**
 * SPEC §4's AI message dialog states: idle, generating (the text so far, as the writer streams it), generated
 * (`failed` when the AI provider did not answer and the built-in writer's text stands in, SPEC §8), or an
 * error the writer could not answer at all (rate limit, network), as a locale key; `field` names the request's
 * field the contract refused, if that was the error.
 */
export type AiWriterState =
  | { status: 'idle' }
  | { status: 'generating'; text: string; previous: string | null }
  | { status: 'generated'; message: string; failed: boolean; notWoven: readonly string[] }
  | { status: 'error'; errorKey: string; message: string | null; field: string | null };

/**
 * The request as the server's contract takes it; or, for what the contract refuses (details that hold
 * characters no text has), the dialog's message and the field it is about, so nothing is sent.
 */
export function checkAiRequest(
  input: AiMessageRequest,
): { request: AiMessageRequestValues } | { errorKey: string; field: string | null } {
  const checked = aiMessageRequestSchema.safeParse(input);
  if (checked.success) return { request: checked.data };
  const [issue] = checked.error.issues;
  const field = issue?.path[0];
  return { errorKey: issueMessageKey(issue?.message), field: typeof field === 'string' ? field : null };
}

/** Writes messages on request; a new request or Cancel stops the one under way (on the server too). */
export function useAiMessageWriter() {
  const [state, setState] = useState<AiWriterState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const generate = useCallback(async (input: AiMessageRequest) => {
    running.current?.abort();
    running.current = null;
    const previous = input.previous ?? null;
    const checked = checkAiRequest(input);
    if (!('request' in checked)) {
      setState({ status: 'error', errorKey: checked.errorKey, message: previous, field: checked.field });
      return;
    }
    const { request } = checked;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'generating', text: '', previous });
    try {
      const result = await writeAiMessage(request, {
        signal: controller.signal,
        onDelta: (piece) =>
          setState((current) =>
            current.status === 'generating' ? { ...current, text: current.text + piece } : current,
          ),
      });
      if (!controller.signal.aborted) {
        setState({
          status: 'generated',
          message: result.message,
          failed: result.failed,
          notWoven: result.notWoven,
        });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      // The message shown before the failure stays on screen, so 'Generate Another' can avoid it.
      setState({ status: 'error', errorKey: errorMessageKey(error), message: previous, field: null });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  /** Cancel: the writer stops; the dialog goes back to the message it showed before, if any. */
  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState((current) => {
      const previous = current.status === 'generating' ? current.previous : null;
      return previous === null
        ? { status: 'idle' }
        : { status: 'generated', message: previous, failed: false, notWoven: [] };
    });
  }, []);

  return { state, generate, cancel };
}
