import { describe, expect, it } from 'vitest';
import { isScheduledEvent, marketEventInputSchema } from './market.ts';

describe('unscheduled events', () => {
  it('reads the words of the event files, unless the row says otherwise', () => {
    expect(isScheduledEvent({ event: 'RBI unscheduled inter-meeting action: repo cut 25 bp to 7.75%' })).toBe(
      false,
    );
    expect(
      isScheduledEvent({ event: 'RBI MPC policy decision: off-cycle meeting: repo cut 40 bp to 4.00%' }),
    ).toBe(false);
    expect(isScheduledEvent({ event: 'FOMC unscheduled emergency cut 50 bp to 1.00-1.25%' })).toBe(false);
    expect(isScheduledEvent({ event: 'RBI MPC: repo unchanged at 6.50%' })).toBe(true);
    expect(isScheduledEvent({ event: 'RBI MPC: repo unchanged at 6.50%', scheduled: false })).toBe(false);
    expect(
      marketEventInputSchema.safeParse({
        date: '2020-03-03',
        event: 'x',
        kind: 'usfed',
        impact: 'high',
        scheduled: 'no',
      }).success,
    ).toBe(false);
  });
});
