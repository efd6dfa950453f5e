import { describe, expect, it } from 'vitest';
import { groupChatMessageSchema, privateChatMessageSchema, validate } from './index.js';

describe('groupChatMessageSchema', () => {
  it('accepts a non-empty message, trimmed', () => {
    expect(groupChatMessageSchema.parse('  hello all ')).toBe('hello all');
    expect(groupChatMessageSchema.parse('x'.repeat(2000))).toHaveLength(2000);
  });
  it("refuses an empty message with 'Message cannot be empty'", () => {
    for (const value of ['', ' \n\t ', undefined]) {
      expect(validate(groupChatMessageSchema, value)).toEqual({ ok: false, errors: { root: 'Message cannot be empty' } });
    }
  });
  it("refuses more than 2000 characters with 'Message is too long'", () => {
    expect(validate(groupChatMessageSchema, 'x'.repeat(2001))).toEqual({ ok: false, errors: { root: 'Message is too long' } });
  });
});

describe('privateChatMessageSchema', () => {
  it('sends without an emptiness check', () => {
    expect(privateChatMessageSchema.parse('')).toBe('');
    expect(privateChatMessageSchema.parse('   ')).toBe('   ');
    expect(privateChatMessageSchema.parse('hi')).toBe('hi');
  });
  it("still refuses more than 2000 characters with 'Message is too long'", () => {
    expect(validate(privateChatMessageSchema, 'x'.repeat(2001))).toEqual({ ok: false, errors: { root: 'Message is too long' } });
  });
});
