import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './net.js';
import { waitFor } from './wait.js';

describe('waitFor', () => {
  it('resolves with the first value that is neither undefined nor false', async () => {
    let asked = 0;
    const value = await waitFor(() => {
      asked += 1;
      return asked >= 3 && `after ${asked}`;
    }, 5000, 1);
    expect(value).toBe('after 3');
  });

  it('rejects after its timeout, naming what it waited for', async () => {
    await expect(waitFor(() => false, 30, 5, 'the mail')).rejects.toThrow('the mail not met within 30 ms');
  });
});

describe('freePort', () => {
  it('names a loopback port that can be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
    expect(port).toBeGreaterThan(0);
  });
});
