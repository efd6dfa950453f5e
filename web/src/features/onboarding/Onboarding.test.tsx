import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { currentAuthorization, jotaiStore, readDashboardData, writeDashboardData } from '../../lib/session.js';
import { STORAGE_PREFIX, writeStored } from '../../lib/storage.js';
import { stubImageDecoding } from '../../test/browser.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { submitAndExpect, typeInto } from '../../test/forms.js';
import { LocationProbe, renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { OnboardingPage } from './routes.js';
import { passwordAtom, signupSessionAtom, wizardSchema, type Wizard } from './state.js';

const pages = [
  { path: '/onboarding', Component: OnboardingPage },
  { path: '/onboarding/:step', Component: OnboardingPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
  { path: '/connect', element: <LocationProbe label="connect page" /> },
  { path: '/', element: <LocationProbe label="home page" /> },
];

const QUERY = '?id=card-1&type=nfc&iud=u1';

/** A wizard stored as a person who got to the given point would have it. */
function storedWizard(patch: Partial<Wizard> = {}): Wizard {
  const wizard = wizardSchema.parse({
    card_id: 'card-1',
    type: 'nfc',
    iud: 'u1',
    token: 'AB12CD',
    tokenConfirmed: true,
    email: 'ada@example.com',
    emailVerified: true,
    verificationTicket: 'ticket-1',
    user: { name: 'Ada Lovelace' },
    card: { name: 'Ada Lovelace', subTitle: 'Engineer', phone: '08031234567', description: 'Counting engines' },
    socials: { twitter: 'https://twitter.com/ada' },
    image: null,
    ...patch,
  });
  writeStored('signupData', wizard);
  return wizard;
}

function storedSignupData(): string | null {
  return localStorage.getItem(`${STORAGE_PREFIX}signupData`);
}

/** The upload endpoint (XMLHttpRequest, for its progress events) answering in the contract's shape. */
class FakeUpload {
  static sent: FormData[] = [];
  /** The answer the next uploads get. */
  static answer: { status: number; body: unknown } = { status: 200, body: { success: 'true', message: 'Uploaded', data: { url: '/backend/files/ada.jpg', name: 'ada.jpg' } } };
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    FakeUpload.sent.push(form);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 0);
  }
}

let net: MockNetwork;
beforeEach(() => {
  signOut();
  jotaiStore.set(passwordAtom, null);
  jotaiStore.set(signupSessionAtom, null);
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 200, body: { success: 'true', message: 'Uploaded', data: { url: '/backend/files/ada.jpg', name: 'ada.jpg' } } };
  net = mockNetwork();
  net.on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status: 'new' } }));
});

describe('welcome and activation', () => {
  it('starting signed out clears the dashboard cache', async () => {
    writeDashboardData({ name: 'Old', description: 'Old', image: null });
    renderRoutes(pages, `/onboarding${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(readDashboardData()).toBeNull());
  });

  it('sends a signed-in person to connect from a page of the wizard, and from a card that is no longer new, keeping the session', async () => {
    for (const [path, status] of [
      [`/onboarding/step-four${QUERY}`, 'new'],
      [`/onboarding${QUERY}`, 'active'],
      ['/onboarding', 'new'],
    ] as const) {
      net.on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status } }));
      signIn();
      writeDashboardData({ name: 'Ada', description: '', image: null });
      const { router, unmount } = renderRoutes(pages, path);
      expect(await screen.findByText(/connect page/)).toBeInTheDocument();
      expect(router.state.historyAction).toBe('REPLACE');
      expect(currentAuthorization()).toBe(TEST_TOKEN);
      expect(readDashboardData()).toEqual({ name: 'Ada', description: '', image: null });
      unmount();
    }
  });

  it('offers a signed-in person who opens a new card to add it to the account, or to sign out and activate it for someone else', async () => {
    signIn();
    const { user, router } = renderRoutes(pages, `/onboarding${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'A new card', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it to my account' })).toHaveAttribute('href', `/enter-token${QUERY}`);
    expect(currentAuthorization()).toBe(TEST_TOKEN);

    await user.click(screen.getByRole('button', { name: 'Sign out and activate it for someone else' }));
    expect(await screen.findByRole('heading', { name: 'Welcome', level: 1 })).toBeInTheDocument();
    expect(currentAuthorization()).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/onboarding${QUERY}`);
    expect(screen.getByRole('link', { name: 'Link card to an Existing Account' })).toHaveAttribute('href', `/login${QUERY}`);
  });

  it('shows the not-found page for a mistyped step and keeps the session', async () => {
    signIn();
    const { router } = renderRoutes(pages, `/onboarding/step-nine${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-nine');
    expect(currentAuthorization()).toBe(TEST_TOKEN);
  });

  it('links to login keeping the query, and says a device is needed without a card id', async () => {
    const { user } = renderRoutes(pages, '/onboarding');
    expect(await screen.findByRole('link', { name: 'Link card to an Existing Account' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Create a New Account' }));
    expect(screen.getByText('You need to attach a valid device to this card')).toBeInTheDocument();
    expect(screen.queryByLabelText('Enter Card Token')).not.toBeInTheDocument();
  });

  it('checks the token locally, confirms it with the server and opens the email step keeping the query', async () => {
    net.on(calls.confirmToken, ok());
    const { user, router } = renderRoutes(pages, `/onboarding${QUERY}`);
    expect(await screen.findByRole('link', { name: 'Link card to an Existing Account' })).toHaveAttribute('href', `/login${QUERY}`);
    await user.click(screen.getByRole('button', { name: 'Create a New Account' }));
    await user.type(screen.getByLabelText('Enter Card Token'), 'AB12');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByText('token is invalid')).toBeInTheDocument();
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(net.sent(calls.confirmToken)).toHaveLength(0);

    await user.type(screen.getByLabelText('Enter Card Token'), 'CD');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(net.sent(calls.confirmToken)[0]?.body).toEqual({ card_id: 'card-1', type: 'nfc', token: 'AB12CD' });
    expect(router.state.location.pathname).toBe('/onboarding/step-one');
    expect(router.state.location.search).toBe(QUERY);
    const progress = screen.getByRole('group', { name: 'Sign-up progress' });
    expect(within(progress).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1Step 1: Email',
      '2Step 2: Password',
      '3Step 3: Personal Info',
      '4Step 4: Social',
      '5Step 5: Profile Image',
    ]);
    expect(within(progress).getByText('Email').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it("toasts the server's refusal of the token", async () => {
    net.on(calls.confirmToken, fail('Invalid Token'));
    const { user } = renderRoutes(pages, `/onboarding${QUERY}`);
    await user.click(await screen.findByRole('button', { name: 'Create a New Account' }));
    await user.type(screen.getByLabelText('Enter Card Token'), 'ZZ99ZZ');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('sends a person who opens a later step too early back to the first incomplete one', async () => {
    const { router } = renderRoutes(pages, `/onboarding/step-three${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});

describe('email step', () => {
  beforeEach(() => {
    storedWizard({ email: '', emailVerified: false, verificationTicket: '', card: null, socials: null });
  });

  it("checks the email, sends it lowercased with 'Get Code', then checks and verifies the code", async () => {
    net.on(calls.verifyMail, ok()).on(calls.verifyCode, fail('The code is wrong or has expired'));
    const { user, router } = renderRoutes(pages, `/onboarding/step-one${QUERY}`);
    await submitAndExpect(user, 'Get Code', 'Email is required');
    await typeInto(user, { Email: 'Ada@Example.COM' });
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    const code = await screen.findByLabelText('Verification Code');
    expect(net.sent(calls.verifyMail)[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await user.type(code, '12a4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Code must contain only numbers')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Code must be at least 4 digits')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Unable to send verification code!')).toBeInTheDocument();
    expect(net.sent(calls.verifyCode)[0]?.body).toEqual({ email: 'ada@example.com', token: '123456' });

    net.on(calls.verifyCode, ok({ verification_ticket: 'ticket-from-server' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Choose a password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-two');
    // The ticket the sign-up presents is kept with the rest of the wizard, so it survives a refresh.
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({ email: 'ada@example.com', emailVerified: true, verificationTicket: 'ticket-from-server' });
  });

  it("puts the focus in the code box as it shows after 'Get Code', without waiting on a timer", async () => {
    net.on(calls.verifyMail, ok());
    renderRoutes(pages, `/onboarding/step-one${QUERY}`);
    const email = await screen.findByLabelText('Email');
    // A browser may run a 0 ms timer before the code box is rendered: here no timer runs at all, and
    // the page is polled on the event loop's check phase until the box shows.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      fireEvent.change(email, { target: { value: 'ada@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Get Code' }));
      for (let turn = 0; turn < 1000 && !screen.queryByLabelText('Verification Code'); turn++) {
        await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
      }
      expect(screen.getByLabelText('Verification Code')).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the server's reason once, under the field; toasts 'Invalid email!' only for a refusal without one; hides the code input when the email changes", async () => {
    net.on(calls.verifyMail, fail('An account with this email already exists. Please log in.', 409));
    const { user } = renderRoutes(pages, `/onboarding/step-one${QUERY}`);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByText('An account with this email already exists. Please log in.')).toBeInTheDocument();
    net.on(calls.verifyMail, fail('Too many attempts. Please try again later.', 429));
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.queryAllByText('Too many attempts. Please try again later.')).toHaveLength(1);
    expect(screen.queryByText('Invalid email!')).not.toBeInTheDocument();
    net.on(calls.verifyMail, { status: 502, text: 'Bad Gateway' });
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByText('Invalid email!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification Code')).not.toBeInTheDocument();

    net.on(calls.verifyMail, ok());
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    await screen.findByLabelText('Verification Code');
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByLabelText('Verification Code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeInTheDocument();
  });
});

describe('password, personal info and socials', () => {
  it('shows the new-password messages and keeps the password out of storage', async () => {
    storedWizard({ card: null, socials: null });
    const { user } = renderRoutes(pages, `/onboarding/step-two${QUERY}`);
    expect(await screen.findByText('At least 8 characters, with a lowercase letter, an uppercase letter and a number or special character.')).toBeInTheDocument();
    await submitAndExpect(user, 'Next', 'Password must be at least 8 characters', 'Confirm your password');
    await typeInto(user, { Password: 'ABCDEFGH1', 'Confirm Password': 'ABCDEFGH2' });
    await submitAndExpect(user, 'Next', 'Password must contain at least 1 lowercase letter', 'Passwords must match');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Personal Info' })).toBeInTheDocument();
    expect(jotaiStore.get(passwordAtom)).toBe('Secret#123');
    expect(JSON.stringify(localStorage)).not.toContain('Secret#123');
  });

  it('shows the profile messages', async () => {
    storedWizard({ card: null, socials: null, user: { name: '', auth_type: 'Email', profile_image: null } });
    jotaiStore.set(passwordAtom, 'Secret#123');
    const { user } = renderRoutes(pages, `/onboarding/step-three${QUERY}`);
    await submitAndExpect(user, 'Next', 'Name is required', 'Tell us what you do?', 'Phone number is required');
    await typeInto(user, { 'Phone Number': '12345' });
    await submitAndExpect(user, 'Next', 'phone is invalid');

    await typeInto(user, { Name: 'Ada Lovelace', 'What do you do?': 'Engineer' });
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '+234 803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Add your socials' })).toBeInTheDocument();
    expect(screen.getByText('Share your social accounts')).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({ card: { name: 'Ada Lovelace', subTitle: 'Engineer', phone: '+2348031234567', description: '' } });
  });

  it("normalises the socials and names the network that did not match ('Link has not matched with profile …')", async () => {
    storedWizard({ socials: null });
    jotaiStore.set(passwordAtom, 'Secret#123');
    const { user } = renderRoutes(pages, `/onboarding/step-four${QUERY}`);
    await user.type(await screen.findByLabelText('Facebook'), 'https://www.instagram.com/ada');
    await user.type(screen.getByLabelText('Twitter'), '@ada_l');
    await user.type(screen.getByLabelText('Website'), 'ada.dev');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Link has not matched with profile facebook')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Facebook'));
    await user.type(screen.getByLabelText('Facebook'), 'm.facebook.com/ada.l');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Profile Image' })).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}').socials).toEqual({
      facebook: 'https://www.facebook.com/ada.l',
      twitter: 'https://twitter.com/ada_l',
      website: 'https://ada.dev',
    });
  });
});

describe('typed values across Back and Next', () => {
  it('keeps the socials and the personal info typed on a step when the person goes Back and Next again', async () => {
    storedWizard({ socials: null });
    jotaiStore.set(passwordAtom, 'Secret#123');
    const { user, router } = renderRoutes(pages, `/onboarding/step-four${QUERY}`);
    await user.type(await screen.findByLabelText('Twitter'), 'https://x.com/ada_l?s=21');
    await user.type(screen.getByLabelText('Website'), 'ada.dev');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    const subTitle = await screen.findByLabelText('What do you do?');
    await user.clear(subTitle);
    await user.type(subTitle, 'Analyst');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Choose a password' });
    await router.navigate(`/onboarding/step-three${QUERY}`);
    expect(await screen.findByLabelText('What do you do?')).toHaveValue('Analyst');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Twitter')).toHaveValue('https://x.com/ada_l?s=21');
    expect(screen.getByLabelText('Website')).toHaveValue('ada.dev');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Profile Image' })).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}').socials).toEqual({ twitter: 'https://twitter.com/ada_l', website: 'https://ada.dev' });
  });
});

describe('profile image and account creation', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    stubImageDecoding();
  });
  afterEach(() => vi.restoreAllMocks());

  async function uploadPhoto(user: ReturnType<typeof renderRoutes>['user']) {
    const done = await screen.findByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.upload(screen.getByLabelText('Choose a photo'), new File(['photo'], 'ada.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Use photo' }));
    expect(await screen.findByText('Uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(done).toBeEnabled());
    return done;
  }

  it('uploads the photo, signs up with the whole wizard, creates the card with the returned token and goes to connect', async () => {
    storedWizard();
    jotaiStore.set(passwordAtom, 'Secret#123');
    net.on(calls.signUp, ok({ token_type: 'Bearer', access_token: 'new-token' })).on(calls.createCard, ok());
    // Arrived from the socials step, so Back has a wizard page to return to.
    const { user, router } = renderRoutes(pages, `/onboarding/step-four${QUERY}`);
    await act(() => router.navigate(`/onboarding/step-five${QUERY}`));
    const done = await uploadPhoto(user);
    expect(FakeUpload.sent[0]?.get('folder')).toBe('profile');
    await user.click(done);
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');

    const expected = {
      card_id: 'card-1',
      type: 'nfc',
      token: 'AB12CD',
      user: { email: 'ada@example.com', password: 'Secret#123', name: 'Ada Lovelace', auth_type: 'Email', profile_image: '/backend/files/ada.jpg' },
      card: {
        name: 'Ada Lovelace',
        subTitle: 'Engineer',
        phone: '08031234567',
        description: 'Counting engines',
        fields: [
          { label: 'Phone', content: '2348031234567', icon: 'phone', status: '1', type: 'tel', position: '1' },
          { label: 'WhatsApp', content: '2348031234567', icon: 'whatsapp', status: '1', type: 'wa', position: '2' },
          { label: 'Twitter', content: 'https://twitter.com/ada', icon: 'twitter', status: '1', type: 'twitter', position: '3' },
        ],
      },
      image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' },
    };
    expect(net.sent(calls.signUp)[0]?.body).toEqual({ ...expected, verification_ticket: 'ticket-1' });
    const create = net.sent(calls.createCard)[0];
    expect(create?.body).toEqual(expected);
    expect(create?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(currentAuthorization()).toBe('Bearer new-token');
    expect(readDashboardData()).toEqual({ name: 'Ada Lovelace', description: 'Counting engines', image: '/backend/files/ada.jpg' });
    expect(storedSignupData()).toBeNull();

    // Back right after sign-up never ends the new session: the finished wizard sends the owner to connect.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(router.state.location.pathname).toBe('/connect');
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(currentAuthorization()).toBe('Bearer new-token');
    expect(readDashboardData()).not.toBeNull();
  });

  it("shows the upload cap's message when the upload is refused with 429, and keeps Done disabled", async () => {
    storedWizard();
    jotaiStore.set(passwordAtom, 'Secret#123');
    FakeUpload.answer = { status: 429, body: { success: 'false', message: messages.uploadQuotaReached, data: null } };
    const { user, router } = renderRoutes(pages, `/onboarding/step-four${QUERY}`);
    await act(() => router.navigate(`/onboarding/step-five${QUERY}`));
    const done = await screen.findByRole('button', { name: 'Done' });
    await user.upload(screen.getByLabelText('Choose a photo'), new File(['photo'], 'ada.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Use photo' }));
    expect(await screen.findByText(messages.uploadQuotaReached)).toBeInTheDocument();
    expect(screen.queryByText(messages.imageUploadFailed)).not.toBeInTheDocument();
    expect(done).toBeDisabled();
  });

  it("toasts the server's message when sign-up fails, 'Unable to signup' without one", async () => {
    storedWizard({ image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' } });
    jotaiStore.set(passwordAtom, 'Secret#123');
    net.on(calls.signUp, fail('An account with this email already exists. Please log in.', 409));
    const { user } = renderRoutes(pages, `/onboarding/step-five${QUERY}`);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText('An account with this email already exists. Please log in.')).toBeInTheDocument();
    net.on(calls.signUp, fail('', 500));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Unable to signup')).toBeInTheDocument();
    expect(net.sent(calls.createCard)).toHaveLength(0);
    expect(currentAuthorization()).toBeNull();
  });

  it('sends the person back to the email step, the message under the field, when sign-up refuses the verification ticket', async () => {
    storedWizard({ image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' } });
    jotaiStore.set(passwordAtom, 'Secret#123');
    net.on(calls.signUp, {
      status: 400,
      json: { success: 'false', message: 'Please verify your email again', data: null, errors: [{ field: 'verification_ticket', message: 'Please verify your email again' }] },
    });
    const { user, router } = renderRoutes(pages, `/onboarding/step-five${QUERY}`);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-one');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please verify your email again'));
    expect(email).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Get Code' })).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({ emailVerified: false, verificationTicket: '' });
    expect(net.sent(calls.createCard)).toHaveLength(0);
    expect(currentAuthorization()).toBeNull();
    // Verified again, the person goes on with the new ticket; the rest of the wizard is kept.
    net.on(calls.verifyMail, ok()).on(calls.verifyCode, ok({ verification_ticket: 'ticket-2' }));
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    await user.type(await screen.findByLabelText('Verification Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Choose a password' })).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({ emailVerified: true, verificationTicket: 'ticket-2', card: { subTitle: 'Engineer' } });
  });

  it("toasts 'Unable to create card!' and, on retry, creates the card without signing up again", async () => {
    storedWizard({ image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' } });
    jotaiStore.set(passwordAtom, 'Secret#123');
    net.on(calls.signUp, ok({ token_type: 'Bearer', access_token: 'new-token' })).on(calls.createCard, fail('Invalid Token'));
    const { user } = renderRoutes(pages, `/onboarding/step-five${QUERY}`);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Unable to create card!')).toBeInTheDocument();
    expect(currentAuthorization()).toBeNull();

    net.on(calls.createCard, ok());
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(net.sent(calls.signUp)).toHaveLength(1);
    expect(net.sent(calls.createCard)).toHaveLength(2);
  });

  it("turns a network failure of sign-up into 'Server error' without leaving the page", async () => {
    storedWizard({ image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' } });
    jotaiStore.set(passwordAtom, 'Secret#123');
    const { user, router } = renderRoutes(pages, `/onboarding/step-five${QUERY}`);
    const done = await screen.findByRole('button', { name: 'Done' });
    net.goOffline();
    await user.click(done);
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-five');
  });
});

describe('a refresh loses nothing but the password', () => {
  it('asks for the password again, then shows the saved answers', async () => {
    storedWizard({ image: { image: '/backend/files/ada.jpg', name: 'ada.jpg' } });
    const { user, router } = renderRoutes(pages, `/onboarding/step-five${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Choose a password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-two');
    expect(screen.getByText('For your safety your password is never saved on this device. Please enter it again to continue.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('What do you do?')).toHaveValue('Engineer');
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Counting engines');
  });

  it('applies a social sign-in prefill: email verified by the provider, name and photo filled in', async () => {
    const { router } = renderRoutes(pages, '/');
    await router.navigate(`/onboarding${QUERY}`, {
      state: {
        prefill: { email: 'Ada@Example.com', name: 'Ada', profile_image: 'https://img.example/ada.png', auth_type: 'Google', token: 'AB12CD', verification_ticket: 'provider-ticket' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({
      card_id: 'card-1',
      email: 'ada@example.com',
      emailVerified: true,
      verificationTicket: 'provider-ticket',
      token: 'AB12CD',
      user: { name: 'Ada', auth_type: 'Google', profile_image: 'https://img.example/ada.png' },
      image: { image: 'https://img.example/ada.png' },
    });
  });

  it('starts again when the query names another card', async () => {
    storedWizard();
    const { user } = renderRoutes(pages, '/onboarding?id=card-2&type=nfc');
    await user.click(await screen.findByRole('button', { name: 'Create a New Account' }));
    expect(screen.getByLabelText('Enter Card Token')).toHaveValue('');
    expect(JSON.parse(storedSignupData() ?? '{}')).toMatchObject({ card_id: 'card-2', email: '', tokenConfirmed: false });
  });
});
