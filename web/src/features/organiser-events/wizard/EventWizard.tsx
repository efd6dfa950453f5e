import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { EVENT_WIZARD_STEPS } from '../../../lib/ui.js';
import { Button } from '../../../components/Button.js';
import { Dialog } from '../../../components/Dialog.js';
import { LoadingScreen } from '../../../components/LoadingScreen.js';
import { BackLink, Page, ProgressBar } from '../../../components/Page.js';
import { newIdempotencyKey } from '../../../lib/idempotency.js';
import { routes } from '../../../lib/paths.js';
import { notify } from '../../../lib/toast.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { refreshOrganiserEvents, saveEvent } from '../api.js';
import { DetailsStep } from './DetailsStep.js';
import { ReviewStep } from './ReviewStep.js';
import { TicketsStep } from './TicketsStep.js';
import styles from './Wizard.module.css';
import {
  currentVisit,
  isStaleDraft,
  startingValues,
  storedDraft,
  toPayload,
  writeDraft,
  wizardResolver,
  type Step,
  type WizardContext,
  type WizardDraft,
  type WizardValues,
} from './wizard-state.js';

const STEP_TITLES = { 1: WIZARD_TEXTS.detailsTitle, 2: WIZARD_TEXTS.ticketsTitle, 3: WIZARD_TEXTS.reviewTitle } as const;

let discardTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The three-step event wizard for add and update, on one react-hook-form form. Next checks the
 * current step with the shared rules and stays on it with the messages placed by keyword; Create
 * Event (add) or Save (update) sends the event, and a failure opens the 'Oops...' alert with the
 * server's message. Every change is written to a draft kept in storage: a refresh keeps it,
 * leaving the wizard discards it, and a draft left by another visit is resumed only if the organiser
 * says so.
 */
export function EventWizard({ mode, eventId, initial, original }: { mode: 'add' | 'update'; eventId?: string; initial: WizardValues; original?: WizardDraft['original'] }) {
  const key = mode === 'add' ? 'add' : (eventId ?? '');
  // The draft this visit of the wizard starts from (found in storage, fresh, or chosen).
  const [start, setStart] = useState<WizardDraft | null>(null);
  const initialRef = useRef({ initial, original });
  const [stale, setStale] = useState<WizardDraft | null>(null);
  const staleRef = useRef<HTMLHeadingElement>(null);
  // Set once the organiser has chosen between a stale draft and a fresh one: the step then takes focus.
  const [chosen, setChosen] = useState(false);

  const freshDraft = (): WizardDraft => {
    const { initial: values, original: dates } = initialRef.current;
    return { key, step: 1, values, visit: currentVisit(), ...(dates ? { original: dates } : {}) };
  };

  useEffect(() => {
    clearTimeout(discardTimer);
    const visit = currentVisit();
    const stored = storedDraft(key);
    if (stored && isStaleDraft(stored, initialRef.current.initial, visit)) {
      // Asked before anything is overwritten: the stored draft stays until the organiser chooses.
      setStale(stored);
    } else {
      const { initial: values, original: dates } = initialRef.current;
      const draft: WizardDraft = stored ? { ...stored, visit } : { key, step: 1, values, visit, ...(dates ? { original: dates } : {}) };
      writeDraft(draft);
      setStart(draft);
    }
    // Leaving the wizard inside the app discards the draft; a reload never runs this, so it keeps it.
    return () => {
      discardTimer = setTimeout(() => writeDraft(null), 0);
    };
  }, [key]);

  useEffect(() => {
    if (stale) staleRef.current?.focus();
  }, [stale]);

  if (stale) {
    const choose = (next: WizardDraft) => {
      setChosen(true);
      setStale(null);
      writeDraft(next);
      setStart(next);
    };
    return (
      <Page>
        <BackLink to={routes.events}>{WIZARD_TEXTS.backToEvents}</BackLink>
        <h1>{mode === 'add' ? WIZARD_TEXTS.addTitle : WIZARD_TEXTS.updateTitle}</h1>
        <section aria-labelledby="wizard-stale-title" aria-describedby="wizard-stale-text">
          <h2 id="wizard-stale-title" ref={staleRef} tabIndex={-1} className={styles.stepTitle}>
            {WIZARD_TEXTS.staleTitle}
          </h2>
          <p id="wizard-stale-text">{mode === 'add' ? WIZARD_TEXTS.staleAdd : WIZARD_TEXTS.staleUpdate}</p>
          <div className={styles.nav}>
            <Button variant="secondary" onClick={() => choose(freshDraft())}>
              {mode === 'add' ? WIZARD_TEXTS.startNew : WIZARD_TEXTS.startFromSaved}
            </Button>
            <Button onClick={() => choose({ ...stale, visit: currentVisit() })}>{WIZARD_TEXTS.resumeDraft}</Button>
          </div>
        </section>
      </Page>
    );
  }
  if (!start || start.key !== key) return <LoadingScreen />;
  return <WizardSteps mode={mode} start={start} focusFirst={chosen} />;
}

/**
 * The wizard's form, started from `start` (the draft found or chosen): the step shown, its values
 * and the draft written on every change. After each step change (and after the stale-draft choice,
 * `focusFirst`) focus goes to the step's heading, once the new step is on screen.
 */
function WizardSteps({ mode, start, focusFirst }: { mode: 'add' | 'update'; start: WizardDraft; focusFirst: boolean }) {
  const [base] = useState(() => ({ key: start.key, visit: start.visit, ...(start.original ? { original: start.original } : {}) }));
  const [step, setStep] = useState<Step>(start.step);
  const form = useForm<WizardValues, WizardContext>({
    defaultValues: startingValues(start.values),
    resolver: wizardResolver,
    context: { step, original: base.original },
  });
  const values = form.watch();
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(focusFirst);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // One submission attempt: a key the create carries (sent again if Create is pressed again for the
  // same values, e.g. after a lost answer), and a guard that drops a second click before the button
  // shows it is busy (a double click's two clicks come before React renders the first).
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);

  // Every change of the values (a field, a ticket, an image) is written to the draft. The form also
  // reports other state (errors, fields leaving on unmount): unchanged values are not written again.
  const written = useRef(JSON.stringify(form.getValues()));
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values: changed }) => {
          const text = JSON.stringify(changed);
          if (text === written.current) return;
          written.current = text;
          // Changed values are another submission: a create after this one is a new event.
          attemptKey.current = null;
          writeDraft({ ...base, step, values: changed });
        },
      }),
    [form, base, step],
  );

  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    headingRef.current?.focus();
  }, [step]);

  const submit = useMutation({
    mutationFn: (payload: ReturnType<typeof toPayload>) => {
      if (mode !== 'add') return saveEvent(payload, { id: base.key });
      return saveEvent(payload, { idempotencyKey: (attemptKey.current ??= newIdempotencyKey()) });
    },
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: async (result) => {
      if (!result.ok) return setFailure(result.message);
      attemptKey.current = null;
      if (result.answer.message) notify.success(result.answer.message);
      await refreshOrganiserEvents(queryClient);
      void navigate(routes.events);
    },
  });

  const goTo = (next: Step) => {
    writeDraft({ ...base, step: next, values: form.getValues() });
    form.clearErrors();
    focusStep.current = true;
    setStep(next);
  };
  const next = async () => {
    if (!(await form.trigger())) return;
    if (step < EVENT_WIZARD_STEPS) goTo((step + 1) as Step);
  };

  return (
    <Page>
      <BackLink to={routes.events}>{WIZARD_TEXTS.backToEvents}</BackLink>
      <h1>{mode === 'add' ? WIZARD_TEXTS.addTitle : WIZARD_TEXTS.updateTitle}</h1>
      <p className={styles.stepCount}>{WIZARD_TEXTS.step(step, EVENT_WIZARD_STEPS)}</p>
      <ProgressBar value={step / EVENT_WIZARD_STEPS} label={WIZARD_TEXTS.step(step, EVENT_WIZARD_STEPS)} />
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        {STEP_TITLES[step]}
      </h2>
      {step === 1 && <DetailsStep form={form} mode={mode} />}
      {step === 2 && <TicketsStep form={form} />}
      {step === 3 && <ReviewStep values={values} />}
      <div className={styles.nav}>
        {step > 1 && (
          <Button variant="secondary" onClick={() => goTo((step - 1) as Step)}>
            {WIZARD_TEXTS.previous}
          </Button>
        )}
        {step < EVENT_WIZARD_STEPS ? (
          <Button onClick={() => void next()}>{WIZARD_TEXTS.next}</Button>
        ) : (
          <Button
            onClick={() => {
              if (sending.current) return;
              sending.current = true;
              submit.mutate(toPayload(form.getValues(), base.original));
            }}
            busy={submit.isPending}
          >
            {mode === 'add' ? WIZARD_TEXTS.create : WIZARD_TEXTS.save}
          </Button>
        )}
      </div>
      <Dialog open={failure !== null} onOpenChange={(open) => !open && setFailure(null)} title={WIZARD_TEXTS.oops} description={failure ?? undefined}>
        <div className={styles.nav}>
          <Button onClick={() => setFailure(null)}>{WIZARD_TEXTS.ok}</Button>
        </div>
      </Dialog>
    </Page>
  );
}
