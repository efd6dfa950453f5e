import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

describe('the journeys’ Chromium', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(() => browser?.close());

  it('keeps every feature Playwright turns off (Chromium reads only the last --disable-features)', async () => {
    // The browser's own account of how it was started (chrome://version), Playwright's switches first.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    await context.close();
    const lists = Array.from(commandLine.matchAll(/--disable-features=(\S+)/g), (m) => (m[1] ?? '').split(','));
    expect(lists, 'Playwright’s list, then ours').toHaveLength(2);
    const [playwrights = [], ours = []] = lists;
    expect(playwrights.length).toBeGreaterThan(5);
    expect(playwrights.filter((feature) => !ours.includes(feature)), 'features Playwright turns off that ours would turn back on').toEqual([]);
  });

  it('opens a context with its page and no browser-interface page beside it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<p>A page</p>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    await session.detach();
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
    expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    await context.close();
  });
});
