import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { messages } from '@tapcard/shared/rules';
import { routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { addDevice, confirmToken } from './api.js';
import { TEXTS } from './texts.js';

export interface DeviceInput {
  card_id: string;
  type: string;
  token: string;
}

/**
 * Token confirmation: loading toast 'Verifying token...', confirm-token, then add-device
 * with the stored session; 'Successfully added device!' and the connect page (replacing history), or
 * 'Unable to add device!', or the server's message / 'Invalid Token' when the token is refused.
 */
export function useLinkDevice() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: DeviceInput) => {
      const toastId = notify.loading(TEXTS.verifyingToken);
      const confirmed = await confirmToken(input);
      if (!confirmed.ok) {
        if (confirmed.kind === 'network') notify.dismiss(toastId);
        else notify.settle(toastId, 'error', confirmed.kind === 'failure' && confirmed.message ? confirmed.message : messages.invalidTokenToast);
        return false;
      }
      const added = await addDevice(input);
      if (!added.ok) {
        if (added.kind === 'network') notify.dismiss(toastId);
        else notify.settle(toastId, 'error', TEXTS.deviceAddFailed);
        return false;
      }
      notify.settle(toastId, 'success', TEXTS.deviceAdded);
      void navigate(routes.connect, { replace: true });
      return true;
    },
  });
}
