import { backupFeature } from '../features/backup/backup.feature.ts';
import { blogsFeature } from '../features/blogs/blogs.feature.ts';
import { commentsFeature } from '../features/comments/comments.feature.ts';
import { contactFeature } from '../features/contact/contact.feature.ts';
import { contentImportFeature } from '../features/content-import/content-import.feature.ts';
import { dailyNewsFeature } from '../features/daily-news/daily-news.feature.ts';
import { devbitFeature } from '../features/devbit/devbit.feature.ts';
import { dictionaryFeature } from '../features/dictionary/dictionary.feature.ts';
import { donateFeature } from '../features/donate/donate.feature.ts';
import { eventStudiesFeature } from '../features/event-studies/event-studies.feature.ts';
import { feedsFeature } from '../features/feeds/feeds.feature.ts';
import { galleriesFeature } from '../features/galleries/galleries.feature.ts';
import { healthFeature } from '../features/health/health.feature.ts';
import { imageVariantsFeature } from '../features/image-variants/image-variants.feature.ts';
import { mailOutboxFeature } from '../features/mail-outbox/mail-outbox.feature.ts';
import { marketFeature } from '../features/market/market.feature.ts';
import { marketNewsFeature } from '../features/market-news/market-news.feature.ts';
import { nutritionFeature } from '../features/nutrition/nutrition.feature.ts';
import { offersFeature } from '../features/offers/offers.feature.ts';
import { operatorsFeature } from '../features/operators/operators.feature.ts';
import { optionStudiesFeature } from '../features/option-studies/option-studies.feature.ts';
import { postsFeature } from '../features/posts/posts.feature.ts';
import { quizFeature } from '../features/quiz/quiz.feature.ts';
import { reportsFeature } from '../features/reports/reports.feature.ts';
import { shortenerFeature } from '../features/shortener/shortener.feature.ts';
import { speechFeature } from '../features/speech/speech.feature.ts';
import { textExtractFeature } from '../features/text-extract/text-extract.feature.ts';
import { translationFeature } from '../features/translation/translation.feature.ts';
import { uploadsFeature } from '../features/uploads/uploads.feature.ts';
import type { Feature } from '../shared/feature.ts';

/**
 * Every feature of the site, once. Order does not matter: what features contribute to each other (page
 * data, sitemap, feeds, content kinds) goes through the site registry and is read when needed.
 */
// biome-ignore lint/suspicious/noExplicitAny: features differ in their settings' type
export const features: readonly Feature<any>[] = [
  healthFeature,
  backupFeature,
  blogsFeature,
  postsFeature,
  uploadsFeature,
  contentImportFeature,
  imageVariantsFeature,
  devbitFeature,
  galleriesFeature,
  commentsFeature,
  feedsFeature,
  marketFeature,
  optionStudiesFeature,
  eventStudiesFeature,
  marketNewsFeature,
  mailOutboxFeature,
  operatorsFeature,
  offersFeature,
  contactFeature,
  donateFeature,
  dailyNewsFeature,
  quizFeature,
  shortenerFeature,
  reportsFeature,
  dictionaryFeature,
  speechFeature,
  translationFeature,
  textExtractFeature,
  nutritionFeature,
];
