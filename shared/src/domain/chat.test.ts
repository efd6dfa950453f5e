import { describe, expect, it } from 'vitest';
import { adminIdOf, isAdminId } from './chat.js';

describe('organiser chat ids', () => {
  it('marks the organiser by a prefix on their user id', () => {
    expect(adminIdOf('u1')).toBe('admin-u1');
    expect(isAdminId(adminIdOf('u1'))).toBe(true);
    expect(isAdminId('att-1')).toBe(false);
  });
});
