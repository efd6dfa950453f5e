import { testEnv } from '../../support/env.js';

/** Debian's Chromium, never a downloaded browser (this machine cannot download one). */
export const CHROMIUM_PATH = testEnv.chromiumPath();

/** Headless, and nothing that reaches for the network on its own (this machine's network is closed). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
