import { describe, expect, it } from 'vitest';
import { avatarFor } from '../domain/text.js';
import {
  checkAltFileSize,
  checkAltImageSize,
  checkImageSize,
  IMAGE_VARIANT_WIDTHS,
  imageVariantQuerySchema,
  imageVariantUrl,
  isOwnImage,
  isUploadPath,
  messages,
  ownImageSchema,
} from './index.js';

describe('checkImageSize', () => {
  it('accepts up to 10485760 bytes inclusive', () => {
    expect(checkImageSize(0)).toBeNull();
    expect(checkImageSize(10_485_760)).toBeNull();
  });
  it("warns 'Image size must not be larger than 10MB' above it", () => {
    expect(checkImageSize(10_485_761)).toBe('Image size must not be larger than 10MB');
    expect(checkImageSize(Number.NaN)).toBe('Image size must not be larger than 10MB');
    expect(checkImageSize(-1)).toBe('Image size must not be larger than 10MB');
  });
});

describe('checkAltImageSize', () => {
  it("accepts up to 20000 bytes, else 'The image is too large'", () => {
    expect(checkAltImageSize(20_000)).toBeNull();
    expect(checkAltImageSize(20_001)).toBe('The image is too large');
  });
});

describe('checkAltFileSize', () => {
  it("accepts up to 2,000,000 bytes, else 'The file is too large'", () => {
    expect(checkAltFileSize(2_000_000)).toBeNull();
    expect(checkAltFileSize(2_000_001)).toBe('The file is too large');
    expect(checkAltFileSize(Number.POSITIVE_INFINITY)).toBe('The file is too large');
  });
});

describe('ownImageSchema', () => {
  const upload = '/backend/files/AbCdEfGhIjKlMnOpQrStU_.webp';
  it("takes an upload's path as the upload endpoint answers it, an inline image, or none", () => {
    expect(ownImageSchema.parse(upload)).toBe(upload);
    expect(ownImageSchema.parse(`  ${upload} `)).toBe(upload);
    expect(ownImageSchema.parse(avatarFor('Ada Lovelace'))).toBe(avatarFor('Ada Lovelace'));
    expect(ownImageSchema.parse('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(ownImageSchema.parse('')).toBe('');
    expect(isOwnImage(upload)).toBe(true);
  });
  it("refuses another host's image, any other path or scheme, with its message", () => {
    for (const value of [
      'https://cdn.example.com/a.png',
      'http://cdn.example.com/a.png',
      '//cdn.example.com/a.png',
      'HTTPS://cdn.example.com/backend/files/AbCdEfGhIjKlMnOpQrStU_.webp',
      `https://tapcard.example/api${upload}`,
      '/backend/files/a.png',
      '/backend/files/../../etc/passwd',
      `${upload}?x=https://cdn.example.com`,
      '/images/logo.png',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg> </svg>',
      'javascript:alert(1)',
    ]) {
      const result = ownImageSchema.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.imageNotOwn);
    }
    expect(ownImageSchema.safeParse(42).error?.issues[0]?.message).toBe(messages.imageInvalid);
  });
});

describe('image variants', () => {
  const upload = '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.jpg';

  it('names an upload\'s copy by its path and a width the files route takes back', () => {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const url = imageVariantUrl(upload, width);
      expect(url).toBe(`${upload}?w=${width}`);
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      expect(imageVariantQuerySchema.parse(query)).toEqual({ w: width });
    }
  });

  it('takes no width for the original, and refuses widths it does not make', () => {
    expect(imageVariantQuerySchema.parse({})).toEqual({});
    for (const w of ['97', '0', '', 'abc', '2560', ['96', '256']]) expect(imageVariantQuerySchema.safeParse({ w }).success).toBe(false);
  });

  it('tells an upload\'s path from inline images and other links', () => {
    expect(isUploadPath(upload)).toBe(true);
    expect(isUploadPath(`${upload}?w=96`)).toBe(false);
    expect(isUploadPath(avatarFor('Ada Lovelace'))).toBe(false);
    expect(isUploadPath('https://example.com/backend/files/AAAAAAAAAAAAAAAAAAAAAA.jpg')).toBe(false);
  });
});
