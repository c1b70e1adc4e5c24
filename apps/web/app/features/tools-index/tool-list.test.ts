import { describe, expect, it } from 'vitest';
import { filterToolGroups, toolGroups } from './tool-list.ts';

const names = (query: string) =>
  filterToolGroups(toolGroups, query).flatMap((g) => g.tools.map((t) => t.name));

describe('the tools index', () => {
  it('lists every tool and trading screen once, in the four groups', () => {
    const paths = toolGroups.flatMap((g) => g.tools.map((t) => t.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [
        // tools-and-trading.md section 2
        '/compress',
        '/imgToText',
        '/pdfToText',
        '/dict',
        '/nutrition',
        '/stocks',
        '/tradebot',
        '/breakout',
        '/volat',
        '/trendingNow',
        '/eventCalendar',
        '/optionEdgeBacktest',
        '/optionEdge',
        '/patternDetector',
        '/impactHeatmap',
        '/straddleSimulator',
        '/liveAlert',
        // and the rest of the site's tools
        '/textToAudio',
        '/portUrl',
        '/SearchPage',
        '/englishToHindi',
        '/testbank',
        '/daylow',
        '/tradingViewData',
        '/captions',
      ].sort(),
    );
    expect(toolGroups.map((g) => g.id)).toEqual(['documents', 'language', 'everyday', 'markets']);
    for (const tool of toolGroups.flatMap((g) => g.tools)) expect(tool.does.length).toBeLessThan(80);
  });

  it('filters by name, ignoring case and outer spaces, and drops empty groups', () => {
    expect(names('')).toHaveLength(25);
    expect(names('  TEXT ')).toEqual(['Image to Text', 'PDF to Text', 'Text to Audio']);
    expect(filterToolGroups(toolGroups, 'hindi').map((g) => g.id)).toEqual(['language']);
    expect(names('no such tool')).toEqual([]);
  });
});
