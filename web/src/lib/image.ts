import { avatarFor } from '@tapcard/shared/domain';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, isUploadPath } from '@tapcard/shared/rules';

/** The API base the browser reaches the upstream at, through the gateway. */
export const API_BASE = '/api';

/** Image paths starting /backend/ are upstream files: prefix them with the API base. */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return path.startsWith('/backend/') ? `${API_BASE}${path}` : path;
}

/** An image reference, or the default avatar generated from the name's initials. */
export function orAvatar(path: string | null | undefined, name: string): string {
  return path || avatarFor(name);
}

/**
 * The `srcset` of an upload's WebP copies, one per IMAGE_VARIANT_WIDTHS (the upstream answers the
 * original for a copy it does not have); undefined for anything but an upload.
 */
export function imageSrcSet(path: string | null | undefined): string | undefined {
  if (!path || !isUploadPath(path)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageUrl(imageVariantUrl(path, width))} ${width}w`).join(', ');
}
