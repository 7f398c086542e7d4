/**
 * A one-line summary after the `list` reporter's output, so CI logs end with a single greppable
 * line: `E2E summary: <n> passed, <n> failed, <n> flaky, <n> skipped (<s> s) — <status>`.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // Only the final attempt counts (retries are 0 by default, but stay correct if raised).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped')
      return;
    const outcome = test.outcome();
    if (outcome === 'expected') {
      if (result.status === 'skipped') this.counts.skipped++;
      else this.counts.passed++;
    } else if (outcome === 'skipped') this.counts.skipped++;
    else if (outcome === 'flaky') this.counts.flaky++;
    else {
      this.counts.failed++;
      this.failures.push(
        `${test.parent.project()?.name ?? ''} › ${test.titlePath().slice(2).join(' › ')}`,
      );
    }
  }

  onEnd(result: FullResult): void {
    const { passed, failed, flaky, skipped } = this.counts;
    const seconds = (result.duration / 1000).toFixed(1);
    if (this.failures.length) {
      console.log(`\nFailed tests:\n${this.failures.map((f) => `  ✘ ${f}`).join('\n')}`);
    }
    console.log(
      `\nE2E summary: ${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped ` +
        `(${seconds} s) — ${result.status}`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
