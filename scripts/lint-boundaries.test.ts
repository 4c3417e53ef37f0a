import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/**
 * The rules `npm run lint` reports for `code` in place of the file at `file` (from the repository root; an
 * existing file, which the type-aware rules need).
 */
async function rulesBrokenBy(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/**
 * The boundaries of DESIGN.md §2–3 are kept by lint, not by habit: each planted breach below must fail
 * `npm run lint` (and what the code base does today must not).
 */
// The first type-aware lint builds the TypeScript program of the whole project: slow on a busy machine.
describe('lint keeps the boundaries', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await rulesBrokenBy('web/lib/cn.ts', '');
  }, 240_000);

  it('refuses a feature importing another feature or the app, and lets it import its own files', async () => {
    expect(
      await rulesBrokenBy(
        'web/features/help/lib/help-form-errors.ts',
        "import { sessionQueryOptions } from '../../session/api/session-query.ts';\nexport { sessionQueryOptions };\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesBrokenBy(
        'web/features/help/lib/help-form-errors.ts',
        "import { TemplateDialogs } from '../../../app/composition/template-dialogs.tsx';\nexport { TemplateDialogs };\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesBrokenBy(
        'web/features/help/lib/help-form-errors.ts',
        "import { useSubmitHelpRequest } from '../api/use-submit-help-request.ts';\nexport { useSubmitHelpRequest };\n",
      ),
    ).not.toContain('boundaries/dependencies');
  });

  it('resolves imports written without an extension or with .js, as TypeScript and the bundler do', async () => {
    for (const specifier of [
      '../../account/api/account-api',
      '../../account/api/account-api.js',
      '../../account/api/account-api.ts',
    ]) {
      expect(
        await rulesBrokenBy(
          'web/features/admin/api/use-admin.ts',
          `import * as other from '${specifier}';\nexport { other };\n`,
        ),
        specifier,
      ).toContain('boundaries/dependencies');
    }
    expect(
      await rulesBrokenBy(
        'server/platform/http/rate-limit.ts',
        "import { createCatalogService } from '../../modules/catalog/catalog.service';\nexport { createCatalogService };\n",
      ),
    ).toContain('boundaries/dependencies');
  });

  it('refuses components and lib importing a feature, and platform importing a module', async () => {
    expect(
      await rulesBrokenBy(
        'web/lib/cn.ts',
        "import { sessionQueryOptions } from '../features/session/api/session-query.ts';\nexport { sessionQueryOptions };\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesBrokenBy(
        'server/platform/http/rate-limit.ts',
        "import { createCatalogService } from '../../modules/catalog/catalog.service.ts';\nexport { createCatalogService };\n",
      ),
    ).toContain('boundaries/dependencies');
  });

  it('refuses kysely outside repositories and platform/db', async () => {
    const query = "import { sql } from 'kysely';\nexport const one = sql`select 1`;\n";
    expect(await rulesBrokenBy('server/modules/cards/cards.service.ts', query)).toContain(
      'no-restricted-imports',
    );
    expect(await rulesBrokenBy('server/modules/cards/cards.repository.ts', query)).not.toContain(
      'no-restricted-imports',
    );
    expect(await rulesBrokenBy('server/platform/db/database.ts', query)).not.toContain(
      'no-restricted-imports',
    );
  });

  it('refuses a promise nobody awaits', async () => {
    const code = 'async function save(): Promise<void> {}\nexport function onClick(): void {\n  save();\n}\n';
    expect(await rulesBrokenBy('server/modules/cards/card-access.ts', code)).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  });
});
