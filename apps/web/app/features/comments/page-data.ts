import type { Comment } from '@hurryup/contracts/comment';
import type { SizedImage } from '@hurryup/contracts/image-variants';

/** What the image page reads from the server: the picture (gallery or DevBit) and its comments. */
export interface CommentsPageData {
  image(url: string): Promise<(SizedImage & { pagePath: string }) | undefined>;
  list(url: string): Promise<Comment[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    comments: CommentsPageData;
  }
}
