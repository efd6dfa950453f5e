import { testEnv } from '../../support/env.js';

/** Debian's Chromium, never a downloaded browser (this machine cannot download one). */
export const CHROMIUM_PATH = testEnv.chromiumPath();

/**
 * The features Playwright turns off in every Chromium it launches (its chromiumSwitches), repeated
 * because Chromium reads only the last `--disable-features` it is given: ours must carry them too.
 * `chromium.test.ts` fails when an upgrade of playwright-core changes its list.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Headless Chromium opens a browser window per context, and each window preloads its address bar's
 * suggestion popup, a web page of its own in a renderer process of its own (chrome://omnibox-popup):
 * about a second of CPU per context that no journey uses. Measured on this machine, these two cut a
 * context's cost by over half (docs/decisions.md).
 */
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];
