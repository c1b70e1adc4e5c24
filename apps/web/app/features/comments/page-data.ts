import type { CommentPage } from '@hurryup/contracts/comment';
import type { SizedImage } from '@hurryup/contracts/image-variants';

/** What the image page reads from the server: the picture (gallery or DevBit) and its newest comments. */
export interface CommentsPageData {
  image(url: string): Promise<(SizedImage & { pagePath: string }) | undefined>;
  /** The newest page of the image's comments (`commentsPageSize`), oldest first, and how many it has. */
  list(url: string): Promise<CommentPage>;
}

declare module '../../load-context.ts' {
  interface PageData {
    comments: CommentsPageData;
  }
}
