/** The icons the tool cards draw (ToolIcon.tsx). */
export type ToolIconName =
  | 'image-text'
  | 'pdf'
  | 'compress'
  | 'link'
  | 'speaker'
  | 'translate'
  | 'book'
  | 'captions'
  | 'apple'
  | 'search'
  | 'quiz'
  | 'news'
  | 'table'
  | 'chart'
  | 'signal'
  | 'bell'
  | 'calendar'
  | 'flask'
  | 'grid';

export interface Tool {
  path: string;
  name: string;
  /** One line: what the tool does. */
  does: string;
  icon: ToolIconName;
}

export interface ToolGroup {
  id: string;
  title: string;
  tools: readonly Tool[];
}

/**
 * Every tool and trading screen (tools-and-trading.md section 2, decisions.md section 1), grouped. Some are
 * not built yet; they are listed all the same, so the index is the map of the whole site.
 */
export const toolGroups: readonly ToolGroup[] = [
  {
    id: 'documents',
    title: 'Documents and images',
    tools: [
      {
        path: '/imgToText',
        name: 'Image to Text',
        does: 'Pull the text out of a photo, a screenshot or a scanned PDF.',
        icon: 'image-text',
      },
      {
        path: '/pdfToText',
        name: 'PDF to Text',
        does: 'Turn a PDF into a plain text file you can download.',
        icon: 'pdf',
      },
      {
        path: '/compress',
        name: 'Image Compressor',
        does: 'Shrink a photo to a smaller file with a quality slider.',
        icon: 'compress',
      },
      {
        path: '/portUrl',
        name: 'Portable URL',
        does: 'Make a long link short, with an alias of your choice.',
        icon: 'link',
      },
    ],
  },
  {
    id: 'language',
    title: 'Language',
    tools: [
      {
        path: '/textToAudio',
        name: 'Text to Audio',
        does: 'Hear English or Hindi text read aloud, or save it as an MP3 file.',
        icon: 'speaker',
      },
      {
        path: '/englishToHindi',
        name: 'English to Hindi',
        does: 'Translate English into Hindi and listen to both.',
        icon: 'translate',
      },
      { path: '/dict', name: 'Dictionary', does: 'Look up the meaning of an English word.', icon: 'book' },
      {
        path: '/captions',
        name: 'Captions',
        does: 'Trending video titles, read aloud at a tap.',
        icon: 'captions',
      },
    ],
  },
  {
    id: 'everyday',
    title: 'Everyday',
    tools: [
      {
        path: '/nutrition',
        name: 'Nutrition Checker',
        does: 'Energy, protein, fat, carbohydrate and iron in a food item.',
        icon: 'apple',
      },
      {
        path: '/SearchPage',
        name: 'Post Search',
        does: "Find the site's posts by words in their title or description.",
        icon: 'search',
      },
      {
        path: '/testbank',
        name: 'MCQ Test Bank',
        does: 'Practise Java 17 certification questions, with each answer explained.',
        icon: 'quiz',
      },
    ],
  },
  {
    id: 'markets',
    title: 'Markets and trading',
    tools: [
      {
        path: '/stocks',
        name: 'Stock News',
        does: 'The latest market news, each with a link to the full article.',
        icon: 'news',
      },
      {
        path: '/daylow',
        name: 'Day Low',
        does: 'A live stock table: price, day high, day low, change and rating.',
        icon: 'table',
      },
      {
        path: '/tradingViewData',
        name: 'Market Index View',
        does: 'Sell, neutral and buy signal totals with the Nifty and India VIX.',
        icon: 'chart',
      },
      {
        path: '/tradebot',
        name: 'Options Signal',
        does: 'Enter Nifty, RSI, VIX and OI change to get a signal with its reason.',
        icon: 'signal',
      },
      {
        path: '/volat',
        name: 'Options Assistant',
        does: "Today's Nifty, RSI and VIX with a suggestion.",
        icon: 'chart',
      },
      {
        path: '/breakout',
        name: 'Breakout Alerts',
        does: 'The current breakout or breakdown alert, checked every minute.',
        icon: 'bell',
      },
      {
        path: '/trendingNow',
        name: 'Trending Now',
        does: 'What the market talked about in the last 24 hours, read aloud.',
        icon: 'news',
      },
      {
        path: '/eventCalendar',
        name: 'Event Calendar',
        does: 'Coming market events, marked by how much they may move prices.',
        icon: 'calendar',
      },
      {
        path: '/optionEdgeBacktest',
        name: 'Backtest',
        does: 'Run the signal strategy over past days: win rate and returns.',
        icon: 'flask',
      },
      {
        path: '/optionEdge',
        name: 'Strategy Recommender',
        does: 'An options strategy for an event such as RBI policy or budget day.',
        icon: 'signal',
      },
      {
        path: '/patternDetector',
        name: 'Pattern Detector',
        does: 'The price pattern an event is likely to bring, from OI, RSI and VIX.',
        icon: 'search',
      },
      {
        path: '/impactHeatmap',
        name: 'Impact Heatmap',
        does: 'How the Nifty, Bank Nifty and sectors moved around past events.',
        icon: 'grid',
      },
      {
        path: '/straddleSimulator',
        name: 'Straddle Simulator',
        does: 'Test a call straddle bought before RBI policy days, 2015 to 2024.',
        icon: 'flask',
      },
      {
        path: '/liveAlert',
        name: 'Fed Day Alert',
        does: 'A trading alert before a US Fed decision, based on past moves.',
        icon: 'bell',
      },
    ],
  },
];

/** The tools whose name holds the query (any case, spaces at the ends ignored), groups kept, empty ones dropped. */
export function filterToolGroups(groups: readonly ToolGroup[], query: string): ToolGroup[] {
  const wanted = query.trim().toLowerCase();
  return groups
    .map((group) => ({
      ...group,
      tools: wanted ? group.tools.filter((tool) => tool.name.toLowerCase().includes(wanted)) : group.tools,
    }))
    .filter((group) => group.tools.length > 0);
}
