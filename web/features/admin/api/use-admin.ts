import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  categoryInputSchema,
  eventInputSchema,
  styleInputSchema,
  templateInputSchema,
  type AdminCatalog,
  type AdminTemplate,
  type CatalogChanges,
  type CatalogImportResult,
  type CategoryInput,
  type DeleteOutcome,
  type EventInput,
  type StyleInput,
  type TemplateInput,
  type Usage,
} from '../../../../shared/admin/admin.contract.ts';
import type { HomeResponse } from '../../../../shared/catalog/catalog.contract.ts';
import { adminApi, catalogApi } from '../../../../shared/api-paths.ts';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages.ts';
import { apiRequest, apiResponse, getJson, isClientError } from '../../../lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  catalog: () => [...adminKeys.all, 'catalog'] as const,
  usage: () => [...adminKeys.all, 'usage'] as const,
  changes: () => [...adminKeys.all, 'changes'] as const,
};

const noRetryOnRefusal = (count: number, error: unknown) => !isClientError(error) && count < 2;

/** Everything in the catalog; asked for only once the session says the user is an admin. */
export function useAdminCatalog(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.catalog(),
    queryFn: ({ signal }) => getJson<AdminCatalog>(adminApi.catalog, undefined, signal),
    retry: noRetryOnRefusal,
    enabled,
  });
}

export function useAdminUsage() {
  return useQuery({
    queryKey: adminKeys.usage(),
    queryFn: ({ signal }) => getJson<Usage>(adminApi.usage, undefined, signal),
    retry: noRetryOnRefusal,
  });
}

export function useCatalogChanges() {
  return useQuery({
    queryKey: adminKeys.changes(),
    queryFn: ({ signal }) => getJson<CatalogChanges>(adminApi.changes, undefined, signal),
    retry: noRetryOnRefusal,
  });
}

/** The home answer visitors get, for the preview (fresh: the admin just changed the catalog). */
export function useHomePreview() {
  return useQuery({
    queryKey: [...adminKeys.all, 'home-preview'],
    queryFn: ({ signal }) =>
      apiRequest<HomeResponse>(catalogApi.home, { signal, init: { cache: 'no-cache' } }),
  });
}

function sendJson<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(path, {
    init: {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    },
  });
}

/** Every change refreshes what the admin area shows (the catalog, its log, the preview). */
function useAdminMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * Saves a template, then its artwork. Like every save below, the input is checked with the contract the server
 * checks it with before it is sent: what the server would refuse (a name that is not text) fails here, with
 * the same message, and what is sent is what the contract makes of it (trimmed, names on one line).
 */
export function useSaveTemplate() {
  return useAdminMutation(
    async ({
      id,
      input,
      artwork,
      languageArtwork = {},
    }: {
      id: string | null;
      input: TemplateInput;
      artwork: File | null;
      /** A file per language to upload as its cover, null to remove it. */
      languageArtwork?: Partial<Record<Language, File | null>>;
    }) => {
      const body = templateInputSchema.parse(input);
      let saved = id
        ? await sendJson<AdminTemplate>('PUT', adminApi.template(id), body)
        : await sendJson<AdminTemplate>('POST', adminApi.templates, body);
      const upload = (path: string, file: File) =>
        apiRequest<AdminTemplate>(path, {
          init: {
            method: 'PUT',
            headers: { 'content-type': file.type || 'application/octet-stream' },
            body: file,
          },
        });
      if (artwork) saved = await upload(adminApi.templateArtwork(saved.id), artwork);
      for (const language of LANGUAGES) {
        const change = languageArtwork[language];
        if (change === undefined) continue;
        const path = adminApi.templateLanguageArtwork(saved.id, language);
        saved = change === null ? await sendJson<AdminTemplate>('DELETE', path) : await upload(path, change);
      }
      return saved;
    },
  );
}

type Kind = 'templates' | 'categories' | 'styles' | 'events';
const itemPath: Record<Kind, (id: string) => string> = {
  templates: adminApi.template,
  categories: adminApi.category,
  styles: adminApi.style,
  events: adminApi.event,
};

export function useDeleteItem() {
  return useAdminMutation(({ kind, id }: { kind: Kind; id: string }) =>
    sendJson<DeleteOutcome>('DELETE', itemPath[kind](id)),
  );
}

export function useSaveCategory() {
  return useAdminMutation(({ id, input }: { id: string | null; input: CategoryInput }) => {
    const body = categoryInputSchema.parse(input);
    return id ? sendJson('PUT', adminApi.category(id), body) : sendJson('POST', adminApi.categories, body);
  });
}

export function useSaveStyle() {
  return useAdminMutation(({ id, input }: { id: string | null; input: StyleInput }) => {
    const body = styleInputSchema.parse(input);
    return id ? sendJson('PUT', adminApi.style(id), body) : sendJson('POST', adminApi.styles, body);
  });
}

export function useSaveEvent() {
  return useAdminMutation(({ id, input }: { id: string | null; input: EventInput }) => {
    const body = eventInputSchema.parse(input);
    return id ? sendJson('PUT', adminApi.event(id), body) : sendJson('POST', adminApi.events, body);
  });
}

export function useRankCategories() {
  return useAdminMutation(async (ranks: { id: string; rank: number | null }[]) => {
    // 204: nothing to read.
    await apiResponse(adminApi.categoryRanks, {
      init: {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ranks }),
      },
    });
  });
}

export function useImportArchive() {
  return useAdminMutation(({ file, mode }: { file: File; mode: 'merge' | 'replace' }) =>
    apiRequest<CatalogImportResult>(`${adminApi.archive}?mode=${mode}`, {
      init: { method: 'POST', headers: { 'content-type': 'application/zip' }, body: file },
    }),
  );
}
