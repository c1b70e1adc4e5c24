import { loadMarketData } from '../../shared/load-market-data.ts';
import type { FailedLoad } from '../../shared/loader-failure.ts';
import type { StudyLoad } from './study-load.ts';

// Loaders only: React Router drops the routes' loaders and their imports from the browser's bundle.

/** One options page reading for a loader (shared/load-market-data.ts). */
export const loadStudy = <T>(load: FailedLoad, read: () => Promise<T>): Promise<StudyLoad<T>> =>
  loadMarketData(load, read, 'Options assistant page data failed');
