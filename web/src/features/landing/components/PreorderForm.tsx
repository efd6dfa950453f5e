import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { PreorderValues } from '@tapcard/shared/rules';
import { Button } from '../../../components/Button.js';
import { TextField } from '../../../components/Field.js';
import { LANDING_TEXTS } from '../texts.js';
import type * as PreorderSend from './preorder-send.js';
import styles from './PreorderForm.module.css';

const EMPTY: PreorderValues = { name: '', email: '', phone: '' };
const FIELDS = ['name', 'email', 'phone'] as const satisfies readonly (keyof PreorderValues)[];

type Errors = Partial<Record<keyof PreorderValues, string>>;
type Outcome = { ok: boolean; message: string };
type Sender = typeof PreorderSend;

/** What was typed, kept in memory while the visitor moves around the app (e.g. to the no-internet page and back). */
let draft: PreorderValues | null = null;

export function forgetPreorderDraft(): void {
  draft = null;
}

const loadSender = (): Promise<Sender> => import('./preorder-send.js');

function read(form: HTMLFormElement): PreorderValues {
  const value = (name: keyof PreorderValues) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  return { name: value('name'), email: value('email'), phone: value('phone') };
}

function errorsOf(checked: ReturnType<Sender['checkPreorder']>): Errors {
  return checked.ok ? {} : checked.errors;
}

/**
 * The pre-order form (name, email, phone) with its required messages. The server's answer message is
 * shown in an alert: styled danger on failure (required), success on success (ours). The inputs are
 * the browser's own (what is typed before the scripts take over stays); the schema and the call load
 * on the form's first focus.
 */
export function PreorderForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [initial] = useState(() => draft ?? EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  // After a first submit the messages follow each change, as they would with the form library.
  const checked = useRef<Sender | null>(null);
  const id = useId();

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const values = read(form);
    draft = values;
    if (checked.current) setErrors(errorsOf(checked.current.checkPreorder(values)));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const sender = await loadSender();
    checked.current = sender;
    const result = sender.checkPreorder(read(form));
    setErrors(errorsOf(result));
    if (!result.ok) {
      const first = FIELDS.find((name) => name in result.errors);
      const field = first && form.elements.namedItem(first);
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    setOutcome(null);
    setPending(true);
    const answer = await sender.sendPreorder(result.data);
    setPending(false);
    if (answer.ok) {
      setOutcome({ ok: true, message: answer.answer.message ?? 'Thank you!' });
      for (const name of FIELDS) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement) field.value = '';
      }
      draft = null;
      checked.current = null;
    } else if (answer.kind !== 'network') {
      setOutcome({ ok: false, message: answer.message });
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSender().catch(() => undefined)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={styles.title}>
        {LANDING_TEXTS.preorderTitle}
      </Heading>
      <p className={styles.text}>{LANDING_TEXTS.preorderText}</p>
      <TextField label="Name" name="name" autoComplete="name" defaultValue={initial.name} onChange={change} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={initial.email} onChange={change} error={errors.email} />
      <TextField label="Phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={initial.phone} onChange={change} error={errors.phone} />
      <Button type="submit" block busy={pending}>
        {LANDING_TEXTS.preorderButton}
      </Button>
      {outcome && (
        <p role="alert" className={`${styles.alert} ${outcome.ok ? styles.success : styles.danger}`}>
          {outcome.message}
        </p>
      )}
    </form>
  );
}
