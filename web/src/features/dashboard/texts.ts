/** The spec's defaults of the owner dashboard (part 1 §2.8). */
export const TEXTS = {
  defaultName: 'Hi, User',
  defaultDescription: 'You are awesome!',
  comingSoon: 'COMING SOON',
} as const;
