import { useMutation } from '@tanstack/react-query';
import type { HelpRequestCreated, HelpRequestInput } from '../../../../shared/help/help.contract.ts';
import { postJson } from '../../../lib/api-client.ts';
import { helpApi } from '../../../../shared/api-paths.ts';

/** Sends the Help Center form. */
export function useSubmitHelpRequest() {
  return useMutation({
    mutationFn: (input: HelpRequestInput) => postJson<HelpRequestCreated>(helpApi.createRequest, input),
  });
}
