import { type RouteConfig, route } from '@react-router/dev/routes';
import { adminRoutes } from './features/admin/routes.ts';
import { blogRoutes } from './features/blogs/routes.ts';
import { commentRoutes } from './features/comments/routes.ts';
import { compressRoutes } from './features/compress/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { dailyNewsRoutes } from './features/daily-news/routes.ts';
import { devbitRoutes } from './features/devbit/routes.ts';
import { dictionaryRoutes } from './features/dictionary/routes.ts';
import { donateRoutes } from './features/donate/routes.ts';
import { eventStudiesRoutes } from './features/event-studies/routes.ts';
import { galleryRoutes } from './features/galleries/routes.ts';
import { legalRoutes } from './features/legal/routes.ts';
import { marketRoutes } from './features/market/routes.ts';
import { marketNewsRoutes } from './features/market-news/routes.ts';
import { nutritionRoutes } from './features/nutrition/routes.ts';
import { offersRoutes } from './features/offers/routes.ts';
import { optionStudiesRoutes } from './features/option-studies/routes.ts';
import { postRoutes } from './features/posts/routes.ts';
import { quizRoutes } from './features/quiz/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { shortenerRoutes } from './features/shortener/routes.ts';
import { speechRoutes } from './features/speech/routes.ts';
import { textToolRoutes } from './features/text-tools/routes.ts';
import { toolsIndexRoutes } from './features/tools-index/routes.ts';
import { translationRoutes } from './features/translation/routes.ts';

/**
 * Every page: each feature declares its own in `features/<area>/routes.ts`, and joins the site with one line
 * here. A route module's id is its file (`routes/blog`) unless it says otherwise, so moving a route to
 * another list changes neither its address nor its id.
 */
export default [
  ...blogRoutes,
  ...postRoutes,
  ...searchRoutes,
  ...galleryRoutes,
  ...commentRoutes,
  ...devbitRoutes,
  ...marketRoutes,
  ...marketNewsRoutes,
  ...legalRoutes,
  ...quizRoutes,
  ...offersRoutes,
  ...contactRoutes,
  ...donateRoutes,
  ...dailyNewsRoutes,
  ...toolsIndexRoutes,
  ...shortenerRoutes,
  ...dictionaryRoutes,
  ...compressRoutes,
  ...speechRoutes,
  ...translationRoutes,
  ...optionStudiesRoutes,
  ...eventStudiesRoutes,
  ...textToolRoutes,
  ...nutritionRoutes,
  ...adminRoutes,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
