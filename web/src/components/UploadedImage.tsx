import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet, imageUrl } from '../lib/image.js';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height'>;

export interface UploadedImageProps extends ImgProps {
  /** The stored reference: an upload's path, an inline image, or a page asset. */
  image: string;
  alt: string;
  /** The box it is drawn in, so the page does not shift while it loads. */
  width: number;
  height: number;
  /** How wide it is shown (the `sizes` attribute); `width` px when omitted. */
  sizes?: string;
}

/**
 * An image that may be an upload: an upload gets the `srcset` of its WebP copies and `sizes`, so the
 * browser loads the smallest copy that fills the shown width on that screen (a 64 px avatar never
 * loads the 2 MB photo). Anything else is a plain image.
 */
export function UploadedImage({ image, sizes, ...img }: UploadedImageProps) {
  const srcSet = imageSrcSet(image);
  // srcset and sizes before src: a browser that sees src first may start loading the original.
  return <img {...img} srcSet={srcSet} sizes={srcSet ? (sizes ?? `${img.width}px`) : undefined} src={imageUrl(image) ?? ''} />;
}
