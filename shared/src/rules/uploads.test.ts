import { describe, expect, it } from 'vitest';
import { checkAltFileSize, checkAltImageSize, checkImageSize } from './index.js';

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
