import type { AdminStatus } from '@hurryup/contracts/admin-status';
import type { ReactNode } from 'react';
import {
  durationText,
  lagText,
  periodText,
  resultText,
  settingText,
  stateWords,
  statusWords,
  timeText,
} from './status-words.ts';
import { useAdminStatus } from './use-admin-status.ts';

/**
 * The console's status screen (issue 30, item 6): warnings first, then the readiness checks, each job's last
 * run, result and next run, the engines' queues and failures, and the settings in effect (secrets hidden).
 */
export function AdminStatusScreen() {
  const { state, refresh } = useAdminStatus();
  if (state.kind === 'loading') return <p className="status">Loading the status…</p>;
  if (state.kind === 'signed-out')
    return (
      <p className="status">
        Sign in to see the site's status: <a href="/admin">sign in</a>.
      </p>
    );
  if (state.kind === 'failed')
    return (
      <div>
        <p className="status status--error" role="alert">
          {state.text}
        </p>
        <button type="button" className="button" onClick={refresh}>
          Try again
        </button>
      </div>
    );
  const { status, refreshing } = state;
  return (
    <div>
      <p>
        {statusWords[status.readiness.status]} As of {timeText(status.generatedAt)}.{' '}
        <button type="button" className="button button--small" onClick={refresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
      <Warnings warnings={status.warnings} />
      <Checks readiness={status.readiness} />
      <Jobs jobs={status.jobs} />
      <Engines engines={status.engines} />
      <Settings settings={status.settings} />
    </div>
  );
}

function Warnings({ warnings }: { warnings: AdminStatus['warnings'] }) {
  return (
    <section aria-labelledby="status-warnings">
      <h2 id="status-warnings">Warnings</h2>
      {warnings.length === 0 ? (
        <p className="status">No warnings: every check is ok.</p>
      ) : (
        warnings.map((warning) => (
          <p key={warning.check} className="status status--error">
            <strong>{warning.state === 'failing' ? 'Failing' : 'Warning'}:</strong> {warning.message}
          </p>
        ))
      )}
    </section>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // A wide table scrolls sideways on a phone: the region takes the keyboard's focus so it can be scrolled.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="market-table-wrap" aria-label={caption} tabIndex={0}>
      <table className="market-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

function Checks({ readiness }: { readiness: AdminStatus['readiness'] }) {
  return (
    <section aria-labelledby="status-checks">
      <h2 id="status-checks">Readiness checks</h2>
      <Table caption="Readiness checks" head={['Check', 'State', 'What it found']}>
        {Object.entries(readiness.checks).map(([name, check]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>
              {stateWords[check.state]}
              {check.required ? ' (required)' : ''}
            </td>
            <td>{check.message ?? ''}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function Jobs({ jobs }: { jobs: AdminStatus['jobs'] }) {
  return (
    <section aria-labelledby="status-jobs">
      <h2 id="status-jobs">Jobs</h2>
      <Table caption="Jobs" head={['Job', 'Last run', 'Result', 'Next run', 'Runs']}>
        {jobs.map((job) => (
          <tr key={job.name}>
            <th scope="row">
              {job.name}
              <br />
              <small>{periodText(job)}</small>
            </th>
            <td>
              {timeText(job.lastRun?.startedAt)}
              {lagText(job) ? (
                <>
                  <br />
                  <small>{lagText(job)}</small>
                </>
              ) : null}
            </td>
            <td>{resultText(job)}</td>
            <td>{job.nextRunAt ? timeText(job.nextRunAt) : 'when queued'}</td>
            <td>
              {job.runs}
              {job.failures > 0 ? ` (${job.failures} failed)` : ''}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function Engines({ engines }: { engines: AdminStatus['engines'] }) {
  const where =
    engines.where === 'the worker'
      ? `Engine tasks run in the worker${engines.reportedAt ? `, which last reported at ${timeText(engines.reportedAt)}` : ', which has not reported'}.`
      : `Engine tasks run in this process${engines.threadBudget === null ? '' : `, with ${engines.threadBudget} ${engines.threadBudget === 1 ? 'thread' : 'threads'} at most`}.`;
  return (
    <section aria-labelledby="status-engines">
      <h2 id="status-engines">Engines</h2>
      <p>{where}</p>
      {engines.engines.length === 0 ? (
        <p>No engine has run a task since its process started.</p>
      ) : (
        <Table
          caption="Engines"
          head={[
            'Engine',
            'Threads',
            'Running',
            'Waiting',
            'Done',
            'Failed',
            'Timed out',
            'Refused',
            'Average',
          ]}
        >
          {engines.engines.map((engine) => (
            <tr key={engine.name}>
              <th scope="row">{engine.name}</th>
              <td>{engine.threads}</td>
              <td>{engine.running}</td>
              <td>{engine.waiting}</td>
              <td>{engine.completed}</td>
              <td>{engine.failed}</td>
              <td>{engine.timedOut}</td>
              <td>{engine.refused}</td>
              <td>{engine.averageMs === null ? '—' : durationText(engine.averageMs)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function Settings({ settings }: { settings: AdminStatus['settings'] }) {
  return (
    <section aria-labelledby="status-settings">
      <h2 id="status-settings">Settings in effect</h2>
      <Table caption="Settings in effect" head={['Setting', 'Of', 'Value']}>
        {settings.map((setting) => (
          <tr key={setting.name}>
            <th scope="row">
              <code>{setting.name}</code>
            </th>
            <td>{setting.owner}</td>
            <td>{settingText(setting)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
