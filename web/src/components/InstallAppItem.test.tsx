import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOwnerAppManifest } from '../lib/useOwnerAppManifest.js';
import { OWNER_APP_MANIFEST_PATH } from '../lib/owner-app-manifest.js';
import { InstallAppItem } from './InstallAppItem.js';

/** A signed-in page: it links the owner's manifest; its menu holds the install item. */
function OwnerPage() {
  useOwnerAppManifest();
  return (
    <ul>
      <InstallAppItem />
    </ul>
  );
}

/** Renders the page once its manifest is linked and its menu item loaded. */
async function renderOwnerPage() {
  const view = render(<OwnerPage />);
  await waitFor(() => expect(document.head.querySelector('link[rel="manifest"]')).not.toBeNull());
  await act(async () => void (await import('./InstallApp.js')));
  return view;
}

/** The install offer a Chromium browser fires once the page's manifest makes it installable. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

function pretendToBe(userAgent: string, maxTouchPoints = 0) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  // jsdom has no touch screen at all.
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: maxTouchPoints });
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

afterEach(() => {
  // The app got installed: the kept offer is gone for the next test.
  act(() => void window.dispatchEvent(new Event('appinstalled')));
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
  vi.restoreAllMocks();
});

describe("the owner's app manifest", () => {
  it('is linked while a signed-in page is open, and only then', async () => {
    const view = await renderOwnerPage();
    await waitFor(() => expect([...document.head.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'))).toEqual([OWNER_APP_MANIFEST_PATH]));
    view.unmount();
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
  });
});

describe('Add to home screen', () => {
  it("appears once the browser offers the install, and opens the browser's prompt", async () => {
    await renderOwnerPage();
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();

    const offer = offerInstall();
    // Kept for the button, instead of the browser's own install bar.
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add to home screen' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // An offer prompts once: the button waits for the next.
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();
  });

  it('goes once the app is installed', async () => {
    await renderOwnerPage();
    offerInstall();
    expect(screen.getByRole('button', { name: 'Add to home screen' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();
  });

  it('shows the steps on an iPhone, which has no install prompt', async () => {
    pretendToBe(IPHONE, 5);
    await renderOwnerPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add to home screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to home screen' });
    const steps = within(dialog).getAllByRole('listitem').map((step) => step.textContent);
    expect(steps).toEqual(["Tap Share in the browser's toolbar.", 'Then tap Add to Home Screen.']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the steps on an iPad, which calls itself a Mac with a touch screen', async () => {
    pretendToBe(IPAD, 5);
    await renderOwnerPage();
    expect(screen.getByRole('button', { name: 'Add to home screen' })).toBeInTheDocument();
  });

  it('is not offered on a Mac, nor in the installed app', async () => {
    pretendToBe(IPAD, 0);
    const view = await renderOwnerPage();
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();
    view.unmount();

    pretendToBe(IPHONE, 5);
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (query: string) => ({ matches: query === '(display-mode: standalone)' }) });
    await renderOwnerPage();
    offerInstall();
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();
  });
});
