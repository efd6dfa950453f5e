import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EVENT_WIZARD_STEPS } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { Button } from '../../../components/Button.js';
import { Dialog } from '../../../components/Dialog.js';
import { LoadingScreen } from '../../../components/LoadingScreen.js';
import { BackLink, Page, ProgressBar } from '../../../components/Page.js';
import { api } from '../../../lib/api.js';
import { routes } from '../../../lib/paths.js';
import { notify } from '../../../lib/toast.js';
import { WIZARD_TEXTS } from '../texts.js';
import { EVENTS_QUERY_KEY } from '../useEvents.js';
import { DetailsStep } from './DetailsStep.js';
import { ReviewStep } from './ReviewStep.js';
import { TicketsStep } from './TicketsStep.js';
import styles from './Wizard.module.css';
import {
  currentVisit,
  isStaleDraft,
  storedDraft,
  toPayload,
  validateStep,
  wizardDraftAtom,
  type SlotErrors,
  type Step,
  type WizardDraft,
  type WizardValues,
} from './wizard-state.js';

const STEP_TITLES = { 1: WIZARD_TEXTS.detailsTitle, 2: WIZARD_TEXTS.ticketsTitle, 3: WIZARD_TEXTS.reviewTitle } as const;

/** Fields of step 1 whose message slot has the same name. */
const SLOT_OF_FIELD: Partial<Record<keyof WizardValues, keyof SlotErrors>> = {
  title: 'title',
  description: 'description',
  location: 'location',
  start_date: 'start_date',
  end_date: 'end_date',
  prices: 'add',
};

let discardTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The three-step event wizard for add and update. Next checks the current step with the shared rules
 * and stays on it with the messages placed by keyword; Create Event (add) or Save (update) sends the
 * event, and a failure opens the 'Oops...' alert with the server's message. The values live in a
 * jotai draft written to storage: a refresh keeps them, leaving the wizard discards them, and a draft
 * left by another visit is resumed only if the organiser says so.
 */
export function EventWizard({ mode, eventId, initial, original }: { mode: 'add' | 'update'; eventId?: string; initial: WizardValues; original?: WizardDraft['original'] }) {
  const key = mode === 'add' ? 'add' : (eventId ?? '');
  const [draft, setDraft] = useAtom(wizardDraftAtom);
  const [errors, setErrors] = useState<SlotErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initialRef = useRef({ initial, original });
  const [stale, setStale] = useState<WizardDraft | null>(null);
  const staleRef = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);

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
      setDraft(stored ? { ...stored, visit } : { key, step: 1, values, visit, ...(dates ? { original: dates } : {}) });
    }
    // Leaving the wizard inside the app discards the draft; a reload never runs this, so it keeps it.
    return () => {
      discardTimer = setTimeout(() => setDraft(null), 0);
    };
  }, [key, setDraft]);

  useEffect(() => {
    if (stale) staleRef.current?.focus();
  }, [stale]);

  // After each step change (and after the stale-draft choice) focus goes to the step's heading, once
  // the new step is on screen.
  useEffect(() => {
    if (!focusStep.current || !draft) return;
    focusStep.current = false;
    headingRef.current?.focus();
  }, [draft]);

  const submit = useMutation({
    mutationFn: (payload: ReturnType<typeof toPayload>) =>
      mode === 'add' ? api(calls.createEvent, { body: payload }) : api(calls.updateEvent, { params: { id: key }, body: payload }),
    onSuccess: async (result) => {
      if (!result.ok) return setFailure(result.message);
      if (result.answer.message) notify.success(result.answer.message);
      await queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY });
      void navigate(routes.events);
    },
  });

  if (stale) {
    const choose = (next: WizardDraft) => {
      focusStep.current = true;
      setStale(null);
      setDraft(next);
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
  if (!draft || draft.key !== key) return <LoadingScreen />;
  const { step, values } = draft;

  const goTo = (next: Step) => {
    setDraft({ ...draft, step: next });
    setErrors({});
    focusStep.current = true;
  };
  const change = (patch: Partial<WizardValues>) => {
    setDraft({ ...draft, values: { ...draft.values, ...patch } });
    const cleared = Object.keys(patch).map((field) => SLOT_OF_FIELD[field as keyof WizardValues]).filter(Boolean) as (keyof SlotErrors)[];
    if (cleared.some((slot) => errors[slot])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([slot]) => !cleared.includes(slot as keyof SlotErrors))));
  };
  const next = () => {
    const found = validateStep(step, values, draft.original);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
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
      {step === 1 && <DetailsStep values={values} errors={errors} onChange={change} mode={mode} />}
      {step === 2 && <TicketsStep values={values} errors={errors} onChange={change} />}
      {step === 3 && <ReviewStep values={values} />}
      <div className={styles.nav}>
        {step > 1 && (
          <Button variant="secondary" onClick={() => goTo((step - 1) as Step)}>
            {WIZARD_TEXTS.previous}
          </Button>
        )}
        {step < EVENT_WIZARD_STEPS ? (
          <Button onClick={next}>{WIZARD_TEXTS.next}</Button>
        ) : (
          <Button onClick={() => submit.mutate(toPayload(values, draft.original))} busy={submit.isPending}>
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
