// The picture shown when a page is shared (Open Graph, Twitter cards). It is made by
// artwork/share-image.ts at this size, the 1.91:1 that Facebook, LinkedIn and X crop to.
export const shareImage = {
  path: '/images/share.jpg',
  width: 1200,
  height: 630,
  type: 'image/jpeg',
} as const;
