import sharp from 'sharp';

/** A photo-like image of width × height pixels: noise, which compresses as badly as a photo. */
export const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
