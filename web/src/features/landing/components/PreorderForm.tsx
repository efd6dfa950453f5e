import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { calls } from '@tapcard/shared/contract';
import { preorderSchema, type PreorderValues } from '@tapcard/shared/rules';
import { Button } from '../../../components/Button.js';
import { TextField } from '../../../components/Field.js';
import { api } from '../../../lib/api.js';
import { LANDING_TEXTS } from '../texts.js';
import styles from './PreorderForm.module.css';

const EMPTY: PreorderValues = { name: '', email: '', phone: '' };

/** What was typed, kept in memory while the visitor moves around (e.g. to the no-internet page and back). */
export const preorderDraftAtom = atom<PreorderValues | null>(null);

type Outcome = { ok: boolean; message: string };

/**
 * The pre-order form (name, email, phone) with its required messages. The server's answer message is
 * shown in an alert: styled danger on failure (required), success on success (ours).
 */
export function PreorderForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [draft, setDraft] = useAtom(preorderDraftAtom);
  const [initial] = useState(() => draft ?? EMPTY);
  const { register, handleSubmit, formState, reset, watch } = useForm<PreorderValues>({ resolver: zodResolver(preorderSchema), defaultValues: initial });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();

  useEffect(() => {
    const subscription = watch((values) => setDraft({ ...EMPTY, ...values }));
    return () => subscription.unsubscribe();
  }, [watch, setDraft]);

  const save = useMutation({
    mutationFn: (body: PreorderValues) => api(calls.preorder, { body }),
    onSuccess: (result) => {
      if (result.ok) {
        setOutcome({ ok: true, message: result.answer.message ?? 'Thank you!' });
        reset(EMPTY);
        setDraft(null);
      } else if (result.kind !== 'network') {
        setOutcome({ ok: false, message: result.message });
      }
    },
  });

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((values) => {
        setOutcome(null);
        save.mutate(values);
      })}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={styles.title}>
        {LANDING_TEXTS.preorderTitle}
      </Heading>
      <p className={styles.text}>{LANDING_TEXTS.preorderText}</p>
      <TextField label="Name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" error={formState.errors.phone?.message} {...register('phone')} />
      <Button type="submit" block busy={save.isPending}>
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
