import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { StaffLink } from '@tapcard/shared/contract';
import { STAFF_LINK_EXPIRIES, staffLinkFormSchema, type StaffLinkExpiry } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { FormError, SelectField, TextField } from '../../components/Field.js';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { ApiError } from '../../lib/api.js';
import { notify } from '../../lib/toast.js';
import { createStaffLink, revokeStaffLink, staffLinksQuery } from './setup-api.js';
import { CheckOutSetting } from './CheckOutSetting.js';
import styles from './StaffLinks.module.css';
import { TEXTS } from './texts.js';

const when = (iso: string): string => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The organiser's staff links of one event: create one per gate (its link is shown once, with a copy
 * button and a QR code for the staff phone), see each link's state, and revoke one after confirming.
 */
export function StaffLinksSection({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const list = useQuery(staffLinksQuery(eventId));
  const [created, setCreated] = useState<{ link: StaffLink; url: string } | null>(null);
  const [revoking, setRevoking] = useState<StaffLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffLinksQuery(eventId).queryKey });

  const revoke = useMutation({
    mutationFn: (link: StaffLink) => revokeStaffLink(eventId, link.id),
    onSuccess: () => {
      setRevoking(null);
      notify.success(TEXTS.revoked);
      void refresh();
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{TEXTS.staffLinks}</h2>
      <p className={styles.muted}>{TEXTS.staffLinksLead}</p>
      <CheckOutSetting eventId={eventId} />
      <CreateForm
        eventId={eventId}
        onCreated={(link, path) => {
          setCreated({ link, url: new URL(path, window.location.origin).href });
          void refresh();
        }}
      />
      {created && <NewLink link={created.link} url={created.url} onDone={() => setCreated(null)} />}
      {list.isPending ? (
        <Spinner size={24} />
      ) : list.isError ? (
        <RetryAlert className={styles.problem} message={TEXTS.staffLinksFailed} retryLabel={TEXTS.retry} onRetry={() => void list.refetch()} />
      ) : list.data.data.links.length === 0 ? (
        <p className={styles.muted}>{TEXTS.noStaffLinks}</p>
      ) : (
        <ul className={styles.list} aria-label={TEXTS.staffLinks}>
          {list.data.data.links.map((link) => (
            <li key={link.id} className={styles.item}>
              <div>
                <p className={styles.label}>
                  {link.label} <span className={`${styles.state} ${styles[link.state]}`}>{TEXTS.linkState[link.state]}</span>
                </p>
                <p className={styles.muted}>
                  {link.state === 'revoked' && link.revoked_at ? `${TEXTS.linkRevokedAt} ${when(link.revoked_at)}` : `${link.state === 'expired' ? TEXTS.linkExpired : TEXTS.linkExpires} ${when(link.expires_at)}`}
                  {' · '}
                  {TEXTS.linkCreated} {when(link.created_at)}
                </p>
              </div>
              {link.state === 'active' && (
                <Button variant="secondary" aria-label={TEXTS.revokeName(link.label)} onClick={() => setRevoking(link)}>
                  {TEXTS.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? TEXTS.revokeQuestion(revoking.label) : ''}
        description={TEXTS.revokeDescription}
        confirmLabel={TEXTS.revoke}
        cancelLabel={TEXTS.cancel}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        busy={revoke.isPending}
      />
    </section>
  );
}

function CreateForm({ eventId, onCreated }: { eventId: string; onCreated: (link: StaffLink, path: string) => void }) {
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<StaffLinkExpiry>('event_end');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labelRef = useRef<HTMLInputElement>(null);
  const create = useMutation({
    mutationFn: (body: { label: string; expiry: StaffLinkExpiry }) => createStaffLink(eventId, body),
    onSuccess: ({ data }) => {
      setLabel('');
      setErrors({});
      onCreated(data.link, data.path);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        labelRef.current?.focus();
      } else setErrors({ form: error.message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = staffLinkFormSchema.safeParse({ label, expiry });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      labelRef.current?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField ref={labelRef} label={TEXTS.gateName} hint={TEXTS.gateHint} value={label} onChange={(e) => setLabel(e.target.value)} error={errors.label} autoComplete="off" />
      <SelectField label={TEXTS.expiry} value={expiry} onChange={(e) => setExpiry(e.target.value as StaffLinkExpiry)} error={errors.expiry}>
        {STAFF_LINK_EXPIRIES.map((option) => (
          <option key={option} value={option}>
            {TEXTS.expiryOptions[option]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" busy={create.isPending}>
        {TEXTS.createLink}
      </Button>
      <FormError>{errors.form}</FormError>
    </form>
  );
}

function NewLink({ link, url, onDone }: { link: StaffLink; url: string; onDone: () => void }) {
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(TEXTS.linkCopied);
    } catch {
      notify.error(TEXTS.copyFailed);
    }
  };
  return (
    <div className={styles.created} role="region" aria-labelledby={headingId}>
      <h3 id={headingId}>{TEXTS.newLinkTitle(link.label)}</h3>
      <p className={styles.muted}>{TEXTS.newLinkOnce}</p>
      <TextField label={TEXTS.newLinkLabel} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy size={18} aria-hidden />
          {TEXTS.copyLink}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {TEXTS.done}
        </Button>
      </div>
      <QRCodeSVG value={url} size={200} role="img" aria-label={TEXTS.qrLabel(link.label)} />
    </div>
  );
}
