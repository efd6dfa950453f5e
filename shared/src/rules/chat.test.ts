import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { groupChatMessageSchema, privateChatMessageSchema } from './index.js';

describe('groupChatMessageSchema', () => {
  it('accepts a non-empty message, trimmed', () => {
    expect(groupChatMessageSchema.parse('  hello all ')).toBe('hello all');
    expect(groupChatMessageSchema.parse('x'.repeat(2000))).toHaveLength(2000);
  });
  it("refuses an empty message with 'Message cannot be empty'", () => {
    for (const value of ['', ' \n\t ', undefined]) {
      expectInvalid(groupChatMessageSchema, value, { root: 'Message cannot be empty' });
    }
  });
  it("refuses more than 2000 characters with 'Message is too long'", () => {
    expectInvalid(groupChatMessageSchema, 'x'.repeat(2001), { root: 'Message is too long' });
  });
});

describe('privateChatMessageSchema', () => {
  it('sends without an emptiness check', () => {
    expect(privateChatMessageSchema.parse('')).toBe('');
    expect(privateChatMessageSchema.parse('   ')).toBe('   ');
    expect(privateChatMessageSchema.parse('hi')).toBe('hi');
  });
  it("still refuses more than 2000 characters with 'Message is too long'", () => {
    expectInvalid(privateChatMessageSchema, 'x'.repeat(2001), { root: 'Message is too long' });
  });
});
