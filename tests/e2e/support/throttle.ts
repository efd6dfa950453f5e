import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A slow phone as DevTools emulates it: request latency, throughput each way and a CPU slowdown. */
export interface Throttling {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  cpuSlowdown: number;
}

/** Slows the page's network and CPU through a CDP session of its own; answers the session (its Network domain enabled). */
export async function throttle(context: BrowserContext, page: Page, slow: Throttling): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow.latencyMs,
    downloadThroughput: slow.downloadBytesPerSecond,
    uploadThroughput: slow.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow.cpuSlowdown });
  return cdp;
}
