import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/** The options assistants' pages and the methods page (read by app/routes.ts at build time). */
export const optionStudiesRoutes = [
  route('tradebot', 'routes/tradebot.tsx'),
  route('tradebot-save-9', 'routes/tradebot-save-9.tsx'),
  route('optionEdgeBacktest', 'routes/option-edge-backtest.tsx'),
  route('optionEdge', 'routes/option-edge.tsx'),
  route('patternDetector', 'routes/pattern-detector.tsx'),
  route('trading-methods', 'routes/trading-methods.tsx'),
] satisfies RouteConfigEntry[];
