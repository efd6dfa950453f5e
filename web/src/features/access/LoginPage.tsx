import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginValues } from '@tapcard/shared/rules';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { readCardDraft } from '../../lib/card-draft.js';
import { routes } from '../../lib/paths.js';
import { currentAuthorization, saveSession } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { AuthScreen, ScreenNotice } from './AuthScreen.js';
import { DeviceTokenForm } from '../../components/DeviceTokenForm.js';
import { LoginForm } from './LoginForm.js';
import { SocialSignInButton } from './SocialSignInButton.js';
import { TEXTS } from './texts.js';
import { isUnknownCard, login, useCardIdentity } from './api.js';
import { useLinkDevice } from './useLinkDevice.js';

/** Where a guarded page sent the person from (RequireAuth's state), if it is a path of this site. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(routes.login) ? from : null;
}

/**
 * Login. With a card id in the query the button reads 'Link my device' and a successful
 * login asks for the device token ('Enter device token') before linking the card; an unknown card id
 * shows the not-found view. A signed-in person is sent on at once.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cardId = params.get('id');
  const identity = useCardIdentity(cardId);
  const link = useLinkDevice();
  // Decided once: a login that succeeds here must not redirect away from the device step.
  const [startedSignedIn] = useState(() => currentAuthorization() !== null);
  const [step, setStep] = useState<'login' | 'device'>('login');
  // A change to the card whose save found the session ended waits on this device: say why login is back.
  const [draftWaiting] = useState(() => readCardDraft() !== null);
  const [busy, setBusy] = useState(false);
  const deviceToken = (location.state as { deviceToken?: unknown } | null)?.deviceToken;

  if (startedSignedIn) {
    return <Navigate to={cardId ? `${routes.enterToken}?${params.toString()}` : routes.connect} replace />;
  }
  if (cardId && identity.isPending) return <LoadingScreen />;
  if (cardId && isUnknownCard(identity.error)) return <NotFoundView />;

  const onLogin = async (values: LoginValues) => {
    setBusy(true);
    const result = await login(values);
    setBusy(false);
    if (!result.ok) {
      // The server's reason when it gives one ('Too many attempts…' for a 429), else the required text.
      if (result.kind === 'failure') notify.error(result.message || TEXTS.loginFailed);
      else if (result.kind === 'invalid') notify.error(TEXTS.loginFailed);
      return;
    }
    queryClient.clear();
    saveSession(result.answer.data);
    if (cardId) setStep('device');
    else void navigate(returnPath(location.state) ?? routes.connect, { replace: true });
  };

  const onToken = (token: string) => {
    if (!cardId) return;
    link.mutate({ card_id: cardId, type: identity.data?.type ?? params.get('type') ?? '', token });
  };

  if (step === 'device') {
    return (
      <AuthScreen title="Link my device" subtitle={TEXTS.tokenSubtitle}>
        <DeviceTokenForm
          label="Enter device token"
          submitLabel="Link my device"
          defaultToken={typeof deviceToken === 'string' ? deviceToken : ''}
          busy={link.isPending}
          onToken={onToken}
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={cardId ? 'Link my device' : 'Log in'} subtitle={cardId ? 'Log in to link this card to your account' : 'Welcome back'}>
      {draftWaiting && !cardId && <ScreenNotice>{TEXTS.sessionEndedDraft}</ScreenNotice>}
      <LoginForm submitLabel={cardId ? 'Link my device' : 'Log in'} busy={busy} onLogin={(values) => void onLogin(values)} />
      <SocialSignInButton cardId={cardId} cardType={identity.data?.type ?? params.get('type')} />
    </AuthScreen>
  );
}
