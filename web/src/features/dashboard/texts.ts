/** The owner dashboard's required defaults. */
export const TEXTS = {
  defaultName: 'Hi, User',
  defaultDescription: 'You are awesome!',
  comingSoon: 'COMING SOON',
} as const;
