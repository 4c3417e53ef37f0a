import { useMutation } from '@tanstack/react-query';
import {
  helpApi,
  type HelpRequestCreated,
  type HelpRequestInput,
} from '../../../../shared/help/help.contract.ts';
import { postJson } from '../../../lib/api-client.ts';

/** Sends the Help Center form. */
export function useSubmitHelpRequest() {
  return useMutation({
    mutationFn: (input: HelpRequestInput) => postJson<HelpRequestCreated>(helpApi.createRequest, input),
  });
}
