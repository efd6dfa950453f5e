import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_TOAST_MS } from '../../lib/ui.js';
import { contactExchangeSchema, type ContactExchangeValues } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useBackWithinSite } from '../../lib/navigation.js';
import { paths } from '../../lib/paths.js';
import { carryToast, notify } from '../../lib/toast.js';
import { exchangeContact } from './api.js';
import styles from './PublicCard.module.css';
import { DEFAULT_DEVICE_TYPE, TEXTS } from './texts.js';

/**
 * card/exchange-contact?id=&type=: the visitor leaves their details with the card's owner, then goes
 * back (within the site; to the card when the form was opened from a direct link).
 */
export function CardExchangePage() {
  useBlockContextMenu();
  const [search] = useSearchParams();
  const { back, leavesDocument } = useBackWithinSite();
  const cardId = search.get('id');
  const type = search.get('type') || DEFAULT_DEVICE_TYPE;
  const form = useForm<ContactExchangeValues>({
    resolver: zodResolver(contactExchangeSchema),
    defaultValues: { full_name: '', title: '', phone: '', email: '' },
  });
  if (!cardId) return <NotFoundView />;

  const submit = form.handleSubmit(async (values) => {
    const toastId = notify.loading(TEXTS.wait);
    const result = await exchangeContact({ ...values, card_id: cardId, device_type: type });
    if (result.ok) {
      if (leavesDocument) {
        // The card's page is another document: it shows the confirmation when it is back.
        notify.dismiss(toastId);
        carryToast('success', TEXTS.saved, CONTACT_TOAST_MS);
      } else {
        notify.settle(toastId, 'success', TEXTS.saved, CONTACT_TOAST_MS);
      }
      // Back in history, but never off the site: opened from a direct link, to the owner's card (the
      // form's id may be the card profile's, which is no tap).
      back(result.answer.link ? paths.cardConnect(result.answer.link) : paths.cardTap(cardId, type));
    } else {
      notify.settle(toastId, 'error', TEXTS.failed);
    }
  });
  const { errors } = form.formState;
  return (
    <Page>
      <h1>{TEXTS.exchangeTitle}</h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label={TEXTS.fullName} autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
        <TextField label={TEXTS.jobTitle} autoComplete="organization-title" error={errors.title?.message} {...form.register('title')} />
        <TextField label={TEXTS.phone} type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        <TextField label={TEXTS.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" block busy={form.formState.isSubmitting}>
          {TEXTS.share}
        </Button>
      </form>
    </Page>
  );
}
