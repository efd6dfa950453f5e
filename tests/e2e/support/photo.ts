import type { Page } from 'playwright-core';

/** Takes the chosen photo's crop as it opens (its centred square, zoom 1): 'Use photo', then waits for the crop dialog to close. */
export async function useCroppedPhoto(page: Page): Promise<void> {
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await crop.getByRole('button', { name: 'Use photo' }).click();
  await crop.waitFor({ state: 'detached' });
}
