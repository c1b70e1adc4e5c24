import { describe, expect, it } from 'vitest';
import { chromiumPlan, installCommand } from './chromium.ts';

describe('Chromium for the browser tests', () => {
  it('does nothing when Chromium is there', () => {
    expect(chromiumPlan({ exists: true, isRoot: false, hasAptGet: false })).toEqual({ action: 'ready' });
    expect(
      chromiumPlan({ chromiumPath: '/opt/chrome', exists: true, isRoot: false, hasAptGet: false }),
    ).toEqual({
      action: 'ready',
    });
  });

  it("installs Debian's Chromium as root with apt-get", () => {
    expect(chromiumPlan({ exists: false, isRoot: true, hasAptGet: true })).toEqual({ action: 'install' });
    expect(
      chromiumPlan({ chromiumPath: '/usr/bin/chromium', exists: false, isRoot: true, hasAptGet: true }),
    ).toEqual({ action: 'install' });
  });

  it('stops with the command to run when it cannot install', () => {
    for (const facts of [
      { exists: false, isRoot: false, hasAptGet: true },
      { exists: false, isRoot: true, hasAptGet: false },
    ]) {
      const plan = chromiumPlan(facts);
      expect(plan.action).toBe('stop');
      expect(plan.action === 'stop' && plan.message).toContain(installCommand);
    }
  });

  it('never installs over a CHROMIUM_PATH that points elsewhere', () => {
    const plan = chromiumPlan({ chromiumPath: '/opt/chrome', exists: false, isRoot: true, hasAptGet: true });
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain('CHROMIUM_PATH=/opt/chrome');
  });
});
