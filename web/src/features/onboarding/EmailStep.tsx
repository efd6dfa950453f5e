import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailCodeSchema, verifyMailSchema, type VerifyMailValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import { BackLink } from '../../components/Page.js';
import { notify } from '../../lib/toast.js';
import { verifyCode, verifyMail } from './api.js';
import styles from './Onboarding.module.css';
import { emailRefusalAtom, updateWizardAtom, wizardAtom } from './state.js';
import { TEXTS } from './texts.js';
import { useDraftValues, useKeepDraft } from './useStepDraft.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

const codeSchema = emailCodeSchema.pick({ token: true });

/**
 * Stage 1, email verification: 'Get Code' sends a code (the email lowercased) and reveals the code
 * input and Next, with the focus in the code box; 'Resend Code' sends another. Editing the email hides
 * the code input, whose code belongs to the address it was sent to. A successful verification keeps
 * the one-time ticket the sign-up presents; when the sign-up refused it, the person is sent back here
 * with the server's message under the email field.
 */
export function EmailStep() {
  const wizard = useAtomValue(wizardAtom);
  const update = useSetAtom(updateWizardAtom);
  const { go, href } = useWizardNav();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const codeInput = useRef<HTMLInputElement | null>(null);
  // Counts the codes sent: each send moves the focus to the code box as it is shown (in the same commit,
  // so no timer can run before the box exists).
  const [sends, setSends] = useState(0);
  useLayoutEffect(() => {
    if (sends > 0) codeInput.current?.focus();
  }, [sends]);

  const emailForm = useForm({ resolver: zodResolver(verifyMailSchema), defaultValues: useDraftValues('step-one', { email: wizard.email }) });
  useKeepDraft('step-one', emailForm.watch);
  const codeForm = useForm({ resolver: zodResolver(codeSchema), defaultValues: { token: '' } });
  const typed = emailForm.watch('email').trim().toLowerCase();
  const codeVisible = sentTo !== null && typed === sentTo;
  const alreadyVerified = wizard.emailVerified && wizard.verificationTicket !== '' && wizard.email !== '' && typed === wizard.email && !codeVisible;

  const refusal = useAtomValue(emailRefusalAtom);
  const setRefusal = useSetAtom(emailRefusalAtom);
  useEffect(() => {
    if (refusal === null) return;
    emailForm.setError('email', { message: refusal });
    setRefusal(null);
  }, [refusal, setRefusal, emailForm]);

  const onGetCode = async ({ email }: VerifyMailValues) => {
    setSending(true);
    const result = await verifyMail(email);
    setSending(false);
    if (!result.ok) {
      if (result.kind === 'network') return;
      // The server's reason ('An account with this email already exists…', a rate limit's) is said
      // once, under the field; the required toast is for a refusal it does not explain.
      if (result.kind === 'failure' && result.message) emailForm.setError('email', { message: result.message });
      else notify.error(TEXTS.invalidEmail);
      return;
    }
    update({ email, emailVerified: false, verificationTicket: '' });
    setSentTo(email);
    codeForm.reset({ token: '' });
    setSends((count) => count + 1);
  };

  const onVerify = async ({ token }: { token: string }) => {
    if (!sentTo) return;
    setVerifying(true);
    const result = await verifyCode({ email: sentTo, token });
    setVerifying(false);
    if (!result.ok) {
      if (result.kind === 'network') return;
      notify.error(TEXTS.codeFailed);
      if (result.kind === 'failure' && result.message) codeForm.setError('token', { message: result.message });
      return;
    }
    update({ email: sentTo, emailVerified: true, verificationTicket: result.answer.data.verification_ticket });
    go('step-two');
  };

  const { ref: codeRef, ...codeField } = codeForm.register('token');
  return (
    <WizardScreen position="step-one" title="Verify your email" subtitle="We will send a code to your email address.">
      <BackLink to={href('welcome')}>Back</BackLink>
      <form noValidate onSubmit={emailForm.handleSubmit((values) => void onGetCode(values))}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={emailForm.formState.errors.email?.message} {...emailForm.register('email')} />
        {!codeVisible && !alreadyVerified && (
          <Button type="submit" block busy={sending}>
            {sentTo === null ? TEXTS.getCode : TEXTS.resendCode}
          </Button>
        )}
      </form>

      {alreadyVerified && (
        <div className={styles.actions}>
          <p className={styles.sent} role="status">
            This email is verified.
          </p>
          <Button onClick={() => go('step-two')}>Next</Button>
        </div>
      )}

      {codeVisible && (
        <form noValidate onSubmit={codeForm.handleSubmit((values) => void onVerify(values))}>
          <p className={styles.sent} role="status">
            {`We sent a code to ${sentTo}.`}
          </p>
          <TextField
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={codeForm.formState.errors.token?.message}
            ref={(element) => {
              codeRef(element);
              codeInput.current = element;
            }}
            {...codeField}
          />
          <div className={styles.actions}>
            <Button variant="secondary" busy={sending} onClick={() => void emailForm.handleSubmit((values) => void onGetCode(values))()}>
              {TEXTS.resendCode}
            </Button>
            <Button type="submit" busy={verifying}>
              Next
            </Button>
          </div>
        </form>
      )}
    </WizardScreen>
  );
}
