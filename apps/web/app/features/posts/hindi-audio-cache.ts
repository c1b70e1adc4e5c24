/** Generated Hindi audio, kept per post for the rest of the visit (content-and-shell.md section 4). */
const audioUrls = new Map<number, string>();

export const hindiAudioCache = {
  get: (postId: number) => audioUrls.get(postId),
  set: (postId: number, url: string) => audioUrls.set(postId, url),
};
