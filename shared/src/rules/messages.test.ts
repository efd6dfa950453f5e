import { describe, expect, it } from 'vitest';
import { CHECKOUT_FAILED_TOAST, messages } from './index.js';

describe('messages', () => {
  it('builds the texts that hold a constant exactly as they are required', () => {
    expect(messages.passwordMin).toBe('Password must be at least 8 characters');
    expect(messages.imageTooLarge).toBe('Image size must not be larger than 10MB');
    expect(messages.exchangePhoneDigits).toBe('Phone number must contain between 9 and 15 digits');
    expect(messages.codeMin).toBe('Code must be at least 4 digits');
  });
  it('fills the social-link template with the network as written', () => {
    expect(messages.socialMismatch('facebook')).toBe('Link has not matched with profile facebook');
  });
  it('holds the toasts of the validation rules', () => {
    expect(messages.invalidTokenToast).toBe('Invalid Token');
    expect(CHECKOUT_FAILED_TOAST).toBe('Fill all fields');
  });
  it('writes no text twice', () => {
    const texts: string[] = Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : []));
    expect(new Set(texts).size).toBe(texts.length);
  });
});
