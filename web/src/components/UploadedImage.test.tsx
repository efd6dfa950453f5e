import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarFor } from '@tapcard/shared/domain';
import { IMAGE_VARIANT_WIDTHS } from '@tapcard/shared/rules';
import { EventBanner } from './EventBanner.js';
import { GalleryGrid } from './GalleryGrid.js';
import { Avatar } from './Page.js';

const UPLOAD = '/backend/files/AbCdEfGhIjKlMnOpQrStUv.jpg';

/** The srcset's candidates as [url, width] pairs. */
function candidates(img: HTMLElement): [string, number][] {
  return (img.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return [url, Number(width.replace(/w$/, ''))];
  });
}

/**
 * The candidate a browser loads for an image shown `shownPx` wide on a screen of `dpr` device pixels
 * per CSS pixel: the narrowest whose density (its width over the shown width) covers the screen's,
 * else the widest.
 */
function chosen(img: HTMLElement, shownPx: number, dpr: number): string {
  const sorted = candidates(img).sort((a, b) => a[1] - b[1]);
  const fits = sorted.find(([, width]) => width / shownPx >= dpr) ?? sorted.at(-1);
  return fits?.[0] ?? '';
}

describe('UploadedImage', () => {
  it('gives a 64 px avatar of an upload the srcset of its copies, so the browser asks for the small one', () => {
    render(<Avatar src={UPLOAD} name="Ada Lovelace" size={64} alt="Ada" />);
    const img = screen.getByRole('img', { name: 'Ada' });
    expect(candidates(img)).toEqual(IMAGE_VARIANT_WIDTHS.map((width) => [`/api${UPLOAD}?w=${width}`, width]));
    expect(img.getAttribute('sizes')).toBe('64px');
    expect(chosen(img, 64, 1)).toBe(`/api${UPLOAD}?w=96`);
    expect(chosen(img, 64, 2)).toBe(`/api${UPLOAD}?w=256`);
    // The original stays the src, for a browser without srcset.
    expect(img.getAttribute('src')).toBe(`/api${UPLOAD}`);
    expect(img).toHaveAttribute('width', '64');
    expect(img).toHaveAttribute('height', '64');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('draws the initials avatar without a srcset when there is no upload', () => {
    render(<Avatar src={null} name="Ada Lovelace" size={48} />);
    const img = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(img.getAttribute('src')).toBe(avatarFor('Ada Lovelace'));
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it("sizes an event's banner to the page column and a list card's to a third of a wide page", () => {
    const { unmount } = render(<EventBanner image={UPLOAD} title="Tech Meetup" eager />);
    const banner = screen.getByRole('img', { name: 'Tech Meetup' });
    expect(banner.getAttribute('sizes')).toBe('(min-width: 720px) 720px, 100vw');
    expect(banner).toHaveAttribute('loading', 'eager');
    // A phone 390 px wide at 3× takes the widest copy; at 1× a 640 px copy.
    expect(chosen(banner, 390, 3)).toBe(`/api${UPLOAD}?w=1280`);
    expect(chosen(banner, 390, 1)).toBe(`/api${UPLOAD}?w=640`);
    unmount();
    render(<EventBanner image={UPLOAD} title="Tech Meetup" compact />);
    expect(screen.getByRole('img', { name: 'Tech Meetup' }).getAttribute('sizes')).toBe('(min-width: 720px) 360px, 100vw');
  });

  it('gives gallery tiles a third of the column, lazily, keeping their alt texts', () => {
    render(<GalleryGrid items={[{ name: 'Stage', image: UPLOAD }, { name: '', image: UPLOAD }]} />);
    const [first, second] = screen.getAllByRole('img');
    expect(first).toHaveAccessibleName('Stage');
    expect(second).toHaveAccessibleName('Gallery image 2');
    expect(first?.getAttribute('sizes')).toBe('(min-width: 720px) 240px, 33vw');
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(chosen(first as HTMLElement, 240, 1)).toBe(`/api${UPLOAD}?w=256`);
  });
});
