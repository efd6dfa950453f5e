/** The spec's texts of settings and change password (part 1 §2.10, §4 and §8), to the letter. */
export const TEXTS = {
  updating: 'Updating password',
  updated: 'Password Updated successfully!',
  updateFailed: 'Unable to update password!',
} as const;
