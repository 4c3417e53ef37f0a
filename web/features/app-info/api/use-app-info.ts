import { useQuery } from '@tanstack/react-query';
import type { AppInfo } from '../../../../shared/app-info/app-info.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { useAfterTakeOver } from '../../../lib/after-take-over.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { appInfoApi } from '../../../../shared/api-paths.ts';

export const appInfoKey = ['app-info'] as const;

/**
 * What this server offers the browser (mail mode, local mailbox). It changes only with a restart. A page that
 * needs the session, opened signed in, carries it.
 */
export function useAppInfo() {
  return useQuery({
    enabled: useAfterTakeOver(),
    queryKey: appInfoKey,
    queryFn: ({ signal }) => getJson<AppInfo>(appInfoApi.get, undefined, signal),
    staleTime: Infinity,
    initialData: () => takePageData('appInfo'),
    retry: false,
  });
}
