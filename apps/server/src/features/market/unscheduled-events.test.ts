import fs from 'node:fs';
import path from 'node:path';
import { isScheduledEvent } from '@hurryup/contracts/market';
import { describe, expect, it } from 'vitest';

const unscheduledDates = [
  '2015-01-15',
  '2015-03-04',
  '2020-03-03',
  '2020-03-15',
  '2020-03-27',
  '2020-05-22',
  '2022-05-04',
];
const repository = path.resolve(import.meta.dirname, '../../../../..');

describe('unscheduled events in the seed content and the shared event files', () => {
  it('finds exactly the five RBI and two Fed actions in the seed content and the shared event files', () => {
    const seed = ['rbi-policy.json', 'us-fed-decisions.json'].flatMap(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(repository, 'content/market-events', file), 'utf8')) as {
          date: string;
          event: string;
          scheduled?: boolean;
        }[],
    );
    expect(
      seed
        .filter((e) => !isScheduledEvent(e))
        .map((e) => e.date)
        .sort(),
    ).toEqual(unscheduledDates);
    // The seed rows say so explicitly, not only in words.
    expect(
      seed
        .filter((e) => e.scheduled === false)
        .map((e) => e.date)
        .sort(),
    ).toEqual(unscheduledDates);
    const folder = process.env.EVENTS_DATA_DIR ?? path.resolve(repository, '../shared/data/events');
    if (!fs.existsSync(folder))
      throw new Error(`${folder} is missing: set EVENTS_DATA_DIR to the shared events.`);
    const rows = ['rbi_mpc.csv', 'fomc.csv'].flatMap((file) =>
      fs
        .readFileSync(path.join(folder, file), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => ({ date: line.slice(0, 10), event: line.slice(11) })),
    );
    expect(
      rows
        .filter((e) => !isScheduledEvent(e))
        .map((e) => e.date)
        .sort(),
    ).toEqual(unscheduledDates);
  });
});
