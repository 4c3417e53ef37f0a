import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * A vitest reporter for the tests that failed and then passed when tried again (the browser projects' `retry`):
 * it prints each with what failed the first time, and writes them to the file `npm test` names in its summary,
 * so a test that passes only on a second try is seen, never hidden behind the green line.
 */
export default class RetriedTestsReporter {
  /** Where the list goes, under the project's root. */
  static FILE = join('.cache', 'vitest-retried.json');

  /** @type {{ test: string; retries: number; errors: string[] }[]} */
  retried = [];
  root = process.cwd();

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = relative(this.root, testCase.module.moduleId);
    this.retried.push({
      test: `${file} > ${testCase.fullName}`,
      retries: diagnostic.retryCount,
      errors: (testCase.result().errors ?? []).map((error) => String(error.message).split('\n')[0]),
    });
  }

  onTestRunEnd() {
    const outputFile = join(this.root, RetriedTestsReporter.FILE);
    mkdirSync(dirname(outputFile), { recursive: true });
    writeFileSync(outputFile, JSON.stringify(this.retried, null, 2));
    if (this.retried.length === 0) return;
    console.log(`\n${this.retried.length} test(s) passed only when tried again:`);
    for (const { test, retries, errors } of this.retried) {
      console.log(`  ${test} (tried ${retries + 1} times)`);
      for (const error of errors) console.log(`    first: ${error}`);
    }
  }
}
