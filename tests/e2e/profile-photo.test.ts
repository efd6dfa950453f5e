import type { Locator } from 'playwright-core';
import { calls } from '@tapcard/shared/contract';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createCardOwner, signIn, type CardOwner } from './support/people.js';
import { useCroppedPhoto } from './support/photo.js';
import { makePng } from './support/png.js';
import { originalSize } from './support/images.js';

/**
 * Profile photos are shown in a circle: a photo the owner picks goes up cropped to a square (the crop
 * step starts on its centred square), and the public card draws any stored photo, square or not, as a circle (never an oval).
 * Needs a fresh card owner, i.e. minting (the product on PostgreSQL).
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

/** Stores a file through the upload call as any client can, and returns its path. */
async function uploadDirectly(png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('folder', 'profile');
  form.append('name', 'wide.png');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'wide.png');
  const res = await fetch(`${baseUrl}/api${calls.uploadFile.path}`, { method: 'POST', body: form });
  const answer = calls.uploadFile.answer.parse(await res.json());
  if (answer.success !== 'true') throw new Error(`upload failed: ${answer.message}`);
  return answer.data.url;
}

/** Makes `image` the owner's profile photo through save-card, the rest of the card unchanged. */
async function setProfileImage(owner: CardOwner, image: string): Promise<void> {
  const current = await callApi(baseUrl, calls.getCard, { authorization: owner.authorization });
  if (current.answer.success !== 'true') throw new Error(`get-card failed: ${current.answer.message}`);
  const { card, fields } = current.answer.data;
  const saved = await callApi(baseUrl, calls.saveCard, {
    authorization: owner.authorization,
    body: { image, title: card.title, description: card.description, sub_title: card.sub_title, fields },
  });
  if (saved.answer.success !== 'true') throw new Error(`save-card failed: ${saved.answer.message}`);
}

/** The box an image is drawn in and how it fills it. */
function measure(img: Locator) {
  return img.evaluate((node: HTMLImageElement) => {
    const box = node.getBoundingClientRect();
    return {
      box: [Math.round(box.width), Math.round(box.height)],
      fit: getComputedStyle(node).objectFit,
      radius: getComputedStyle(node).borderRadius,
    };
  });
}

describe('profile photo', () => {
  it(`draws a stored non-square photo on the public card as a circle, cropped rather than stretched`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await (await browser()).context.newPage();
    // A wide photo stored as it is (an old upload, another client).
    await setProfileImage(owner, await uploadDirectly(makePng(360, 240)));
    await page.goto(`/card/connect?link=${encodeURIComponent(owner.link)}`);
    await page.getByRole('heading', { level: 1, name: owner.title }).waitFor();
    await appReady(page);
    const avatar = page.getByRole('img', { name: owner.title, exact: true });
    await expect.poll(() => originalSize(avatar), { timeout: 30_000 }).toEqual([360, 240]);
    expect(await measure(avatar)).toEqual({ box: [112, 112], fit: 'cover', radius: '50%' });
  });

  it(`uploads a chosen photo as its centred square, at most 640 px a side`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await (await browser()).context.newPage();
    await signIn(page, owner);
    await page.waitForURL((url) => url.pathname === '/connect');
    const profile = page.getByRole('region', { name: 'Profile' });
    const photo = profile.getByRole('img', { name: `${owner.title}'s profile photo` });

    // A wide photo goes up as its centred 240 x 240 square.
    const before = await photo.getAttribute('src', { timeout: 30_000 });
    await profile.locator('input[type="file"]').setInputFiles({ name: 'wide-me.png', mimeType: 'image/png', buffer: makePng(360, 240, [16, 185, 129], [59, 130, 246]) });
    await useCroppedPhoto(page);
    await expect.poll(() => photo.getAttribute('src'), { timeout: 30_000 }).not.toBe(before);
    await expect.poll(() => originalSize(photo), { timeout: 30_000 }).toEqual([240, 240]);

    // The public card shows the square photo.
    await page.goto(`/card/connect?link=${encodeURIComponent(owner.link)}`);
    await page.getByRole('heading', { level: 1, name: owner.title }).waitFor();
    const avatar = page.getByRole('img', { name: owner.title, exact: true });
    await expect.poll(() => originalSize(avatar), { timeout: 30_000 }).toEqual([240, 240]);

    // A tall, large photo is cropped the same way and downscaled to 640 px a side.
    await page.goto('/connect');
    const current = await photo.getAttribute('src', { timeout: 30_000 });
    await profile.locator('input[type="file"]').setInputFiles({ name: 'tall-me.png', mimeType: 'image/png', buffer: makePng(700, 1000) });
    await useCroppedPhoto(page);
    await expect.poll(() => photo.getAttribute('src'), { timeout: 30_000 }).not.toBe(current);
    await expect.poll(() => originalSize(photo), { timeout: 30_000 }).toEqual([640, 640]);
    // What the 112 px circle loads is one of its WebP copies, not the original.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 30_000 }).toMatch(/\?w=\d+$/);
  });
});
