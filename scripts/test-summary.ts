// The arithmetic behind `npm test`'s closing line, kept pure so it can be tested (test-summary.test.ts).
import path from 'node:path';

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  /** One line per failure that no failing test shows: a file that could not run, a stage that broke. */
  problems: string[];
  /** One line per failed test: stage, file, name and the first line of its message, so a log's tail names them. */
  failures: string[];
  /** One line per skipped test, so a skip never goes unseen. */
  skips: string[];
}

/** The parts of vitest's JSON report (`--reporter=json`) that the totals use. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName?: string; title?: string; failureMessages?: string[] }[];
  }[];
}

export interface StageOutcome {
  name: string;
  exitCode: number | null;
  report?: VitestReport | null;
  /** Why there is no report, when the stage did not run. */
  reason?: string;
}

/**
 * Adds up one stage from vitest's JSON report. A test file that failed without a failing test (its set-up
 * threw, it did not load, a hook failed) counts as one failed test; so does a stage that produced no report,
 * or that exited non-zero with nothing counted as failed. A failing run never ends with "0 failed".
 */
export function stageTotals({ name, exitCode, report, reason }: StageOutcome): Totals {
  if (!report) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: [`${name}: ${reason ?? `no test report (exit ${exitCode})`}`],
      failures: [],
      skips: [],
    };
  }
  const totals: Totals = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    problems: [],
    failures: [],
    skips: [],
  };
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name) || file.name;
    // A file whose set-up failed skips all its tests: that is one problem (below), not a list of skips.
    const setUpFailed =
      file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed');
    for (const test of file.assertionResults ?? []) {
      const title = test.fullName ?? test.title ?? '(unnamed test)';
      if (test.status === 'failed') {
        const message = (test.failureMessages?.[0] ?? '').split('\n')[0]?.trim();
        totals.failures.push(`${name}: ${where} › ${title}${message ? `: ${message}` : ''}`);
      } else if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        if (!setUpFailed) totals.skips.push(`${name}: ${where} › ${title}`);
      }
    }
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      totals.failed += 1;
      const message = (file.message ?? '').split('\n')[0]?.trim() || 'failed without a failing test';
      totals.problems.push(`${name}: ${where}: ${message}`);
    }
  }
  if (exitCode !== 0 && totals.failed === 0) {
    totals.failed = 1;
    totals.problems.push(`${name}: vitest exited with ${exitCode} although no test failed (see its output)`);
  }
  return totals;
}

export function addTotals(list: Totals[]): Totals {
  return list.reduce(
    (sum, t) => ({
      passed: sum.passed + t.passed,
      failed: sum.failed + t.failed,
      skipped: sum.skipped + t.skipped,
      problems: [...sum.problems, ...t.problems],
      failures: [...sum.failures, ...t.failures],
      skips: [...sum.skips, ...t.skips],
    }),
    {
      passed: 0,
      failed: 0,
      skipped: 0,
      problems: [] as string[],
      failures: [] as string[],
      skips: [] as string[],
    },
  );
}

/** `Total: N passed, N failed[, N skipped]` */
export function totalLine({ passed, failed, skipped }: Totals): string {
  return `Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
