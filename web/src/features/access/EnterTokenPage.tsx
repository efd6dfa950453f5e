import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { routes } from '../../lib/paths.js';
import { currentAuthorization } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { AuthScreen, NeedDeviceNotice } from './AuthScreen.js';
import { DeviceTokenForm } from '../../components/DeviceTokenForm.js';
import { TEXTS } from './texts.js';
import { isUnknownCard, useCardIdentity } from './api.js';
import { useLinkDevice } from './useLinkDevice.js';

/** The scratch-token screen that links a card to the signed-in account. */
export function EnterTokenPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cardId = params.get('id');
  const identity = useCardIdentity(cardId);
  const link = useLinkDevice();

  if (cardId && identity.isPending) return <LoadingScreen />;
  if (cardId && isUnknownCard(identity.error)) return <NotFoundView />;

  const onToken = (token: string) => {
    if (!cardId) return;
    if (!currentAuthorization()) {
      // Adding a device needs a session: log in first (the login keeps the query and the token).
      notify.info(TEXTS.loginFirst);
      void navigate(`${routes.login}?${params.toString()}`, { state: { deviceToken: token } });
      return;
    }
    const type = identity.data?.type ?? params.get('type') ?? '';
    link.mutate({ card_id: cardId, type, token });
  };

  return (
    <AuthScreen title="Enter Token" subtitle={TEXTS.tokenSubtitle}>
      {cardId ? (
        <DeviceTokenForm label="Enter Card Token" submitLabel="Confirm Token" busy={link.isPending} onToken={onToken} />
      ) : (
        <NeedDeviceNotice>{TEXTS.needDevice}</NeedDeviceNotice>
      )}
    </AuthScreen>
  );
}
