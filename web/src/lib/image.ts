import { avatarFor } from '@tapcard/shared/domain';

/** The API base the browser reaches the upstream at, through the gateway. */
export const API_BASE = '/api';

/** Image paths starting /backend/ are upstream files: prefix them with the API base. */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return path.startsWith('/backend/') ? `${API_BASE}${path}` : path;
}

/** An image, or the default avatar generated from the name's initials. */
export function imageOrAvatar(path: string | null | undefined, name: string): string {
  return imageUrl(path) ?? avatarFor(name);
}
