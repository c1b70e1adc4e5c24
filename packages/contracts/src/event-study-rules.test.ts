import { describe, expect, it } from 'vitest';
import { impactClass, impactColours, otherImpactColour, straddleDefaults } from './event-study-rules.ts';

describe('event-study rules', () => {
  it('gives each impact of tools-and-trading.md section 9 its class, any other the light blue one', () => {
    expect(impactClass('Extreme')).toBe('extreme');
    expect(impactClass('Very High')).toBe('very-high');
    expect(impactClass('High')).toBe('high');
    expect(impactClass('Moderate')).toBe('other');
    expect(impactClass('high')).toBe('other');
    expect(impactColours).toEqual({ Extreme: '#dc2626', 'Very High': '#f97316', High: '#eab308' });
    expect(otherImpactColour).toBe('#60a5fa');
  });

  it('keeps the simulator defaults of the specification', () => {
    expect(straddleDefaults).toEqual({ startYear: 2015, endYear: 2024, entryDays: 3, gap: 200 });
  });
});
