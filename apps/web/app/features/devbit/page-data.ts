import type { DevbitAdminImage, DevbitGallery } from '@hurryup/contracts/devbit';

/** What the DevBit pages read from the server. */
export interface DevbitPageData {
  gallery(): Promise<DevbitGallery>;
  find(url: string): Promise<DevbitAdminImage | undefined>;
}

declare module '../../load-context.ts' {
  interface PageData {
    devbit: DevbitPageData;
  }
}
