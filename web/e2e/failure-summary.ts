/**
 * A reporter that ends the run with one short block per failed test: its
 * title, where it failed and the first lines of the error. The list
 * reporter prints each failure in full (call log, attachments), so a CI log
 * that keeps only its last lines shows the attachments of the last failure
 * and not why it failed; this block is what such a log keeps.
 */
import { stripVTControlCharacters } from 'node:util';

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of each error kept: the message and the expectation, not the call log. */
const ERROR_LINES = 6;

function firstLines(text: string): string {
  // Terminal colours would only clutter a log file.
  return stripVTControlCharacters(text)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, ERROR_LINES)
    .map((line) => `    ${line}`)
    .join('\n');
}

export default class FailureSummary implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) {
      this.failures.push({ test, result });
    }
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    const blocks = this.failures.map(({ test, result }) => {
      const project = test.parent.project()?.name ?? '';
      const title = test.titlePath().filter(Boolean).slice(1).join(' › ');
      const errors = result.errors.map((error) => {
        const at = error.location ? `  at ${error.location.file}:${error.location.line}:${error.location.column}\n` : '';
        return `${at}${firstLines(error.message ?? error.value ?? 'no message')}`;
      });
      return `✘ [${project}] ${title} (${result.status})\n${errors.join('\n')}`;
    });
    console.log(`\nFailed, in short:\n${blocks.join('\n\n')}\n`);
  }
}
