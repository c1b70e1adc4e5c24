import { describe, expect, it } from 'vitest';
import { addTotals, stageTotals, totalLine, type VitestReport } from './test-summary.ts';

function report(overrides: Partial<VitestReport> = {}): VitestReport {
  return {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [],
    ...overrides,
  };
}

describe("npm test's closing line", () => {
  it('adds passed, failed and skipped tests across stages', () => {
    const totals = addTotals([
      stageTotals({ name: 'unit', exitCode: 0, report: report({ numPassedTests: 10, numTodoTests: 1 }) }),
      stageTotals({
        name: 'server',
        exitCode: 1,
        report: report({
          numPassedTests: 5,
          numFailedTests: 2,
          numPendingTests: 3,
          testResults: [
            {
              name: 'a.test.ts',
              status: 'failed',
              assertionResults: [{ status: 'failed' }, { status: 'failed' }],
            },
          ],
        }),
      }),
    ]);
    expect(totalLine(totals)).toBe('Total: 15 passed, 2 failed, 4 skipped');
    expect(totals.problems).toEqual([]);
  });

  it('names each failed test with the first line of its message, and each skipped test', () => {
    const totals = stageTotals({
      name: 'server',
      exitCode: 1,
      report: report({
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 1,
        testResults: [
          {
            name: `${process.cwd()}/apps/server/src/a.test.ts`,
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'a works' },
              {
                status: 'failed',
                fullName: 'a refuses',
                failureMessages: ['AssertionError: expected 1 to be 2\n  at x'],
              },
              { status: 'skipped', fullName: 'a on Redis' },
            ],
          },
        ],
      }),
    });
    expect(totals.failures).toEqual([
      'server: apps/server/src/a.test.ts › a refuses: AssertionError: expected 1 to be 2',
    ]);
    expect(totals.skips).toEqual(['server: apps/server/src/a.test.ts › a on Redis']);
  });

  it('leaves out "skipped" when nothing was skipped', () => {
    expect(totalLine(stageTotals({ name: 'unit', exitCode: 0, report: report({ numPassedTests: 3 }) }))).toBe(
      'Total: 3 passed, 0 failed',
    );
  });

  it('counts each test file that failed at set-up, with no failing test, as one failure', () => {
    // What vitest reports when a beforeAll throws: the file failed, its tests were skipped.
    const totals = stageTotals({
      name: 'browser',
      exitCode: 1,
      report: report({
        numPassedTests: 20,
        numPendingTests: 57,
        testResults: [
          {
            name: `${process.cwd()}/apps/web/e2e/content.test.ts`,
            status: 'failed',
            message: 'Chromium is missing at /usr/bin/chromium: apt-get install -y chromium\n    at stack',
            assertionResults: [{ status: 'skipped' }, { status: 'skipped' }],
          },
          { name: 'apps/web/e2e/shell.test.ts', status: 'failed', assertionResults: [] },
          {
            name: 'apps/web/e2e/api-docs.test.ts',
            status: 'passed',
            assertionResults: [{ status: 'passed' }],
          },
          {
            name: 'apps/web/e2e/feeds.test.ts',
            status: 'failed',
            assertionResults: [{ status: 'failed' }, { status: 'passed' }],
          },
        ],
        numFailedTests: 1,
      }),
    });
    expect(totalLine(totals)).toBe('Total: 20 passed, 3 failed, 57 skipped');
    expect(totals.problems).toEqual([
      'browser: apps/web/e2e/content.test.ts: Chromium is missing at /usr/bin/chromium: apt-get install -y chromium',
      'browser: apps/web/e2e/shell.test.ts: failed without a failing test',
    ]);
  });

  it('counts a stage without a report, or one that exited non-zero with no failure, as failed', () => {
    expect(stageTotals({ name: 'server', exitCode: 1, report: null })).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [],
      skips: [],
      problems: ['server: no test report (exit 1)'],
    });
    expect(
      stageTotals({ name: 'browser', exitCode: 1, reason: 'not run: the production build failed' }).problems,
    ).toEqual(['browser: not run: the production build failed']);
    const unhandled = stageTotals({ name: 'unit', exitCode: 1, report: report({ numPassedTests: 4 }) });
    expect(totalLine(unhandled)).toBe('Total: 4 passed, 1 failed');
    expect(unhandled.problems).toHaveLength(1);
  });

  it('never says "0 failed" on a failing stage', () => {
    for (const exitCode of [1, 2, null]) {
      expect(
        stageTotals({ name: 'x', exitCode, report: report({ numPassedTests: 1 }) }).failed,
      ).toBeGreaterThan(0);
    }
    expect(stageTotals({ name: 'x', exitCode: 0, report: report({ numPassedTests: 1 }) }).failed).toBe(0);
  });
});
