import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { saveCardPayloadSchema, type OwnerCard, type SaveCardPayload } from '@tapcard/shared/contract';
import { Button, ButtonLink } from '../../components/Button.js';
import { TextAreaField, TextField } from '../../components/Field.js';
import { routes } from '../../lib/paths.js';
import styles from './Connect.module.css';
import { ProfilePhoto } from './ProfilePhoto.js';

const profileEditSchema = saveCardPayloadSchema.pick({ title: true, sub_title: true, description: true });
/** The profile's words as an unsaved change may have them. */
export type ProfileWords = Partial<Pick<SaveCardPayload, 'title' | 'sub_title' | 'description'>>;

/**
 * The card page's profile block: photo, name, title and description, an EDIT/SAVE toggle (an empty name or
 * title says 'This field cannot be empty') and the 'Contacts' button. `restored`: an unsaved change
 * brought back (its save failed), shown in the editor as it was typed.
 */
export function ProfileBlock({
  card,
  restored,
  saving,
  onSave,
}: {
  card: OwnerCard['card'];
  restored?: ProfileWords;
  saving: boolean;
  onSave: (patch: Partial<SaveCardPayload>) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(restored !== undefined);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(profileEditSchema), defaultValues: { title: card.title, sub_title: card.sub_title, description: card.description, ...restored } });
  // Editing starts from the card as it is now (a refetch while editing never overwrites what is typed).
  const startEditing = () => {
    reset({ title: card.title, sub_title: card.sub_title, description: card.description });
    setEditing(true);
  };

  const save = handleSubmit(async (values) => {
    if (await onSave(values)) setEditing(false);
  });

  return (
    <section className={styles.profile} aria-label="Profile">
      <ProfilePhoto image={card.profile} name={card.title} busy={saving} onUploaded={(url) => void onSave({ image: url })} />
      {editing ? (
        <form id="profile-form" className={styles.editForm} noValidate onSubmit={(e) => void save(e)}>
          <TextField label="Name" autoComplete="name" error={errors.title?.message} {...register('title')} />
          <TextField label="What do you do?" error={errors.sub_title?.message} {...register('sub_title')} />
          <TextAreaField label="Description" rows={3} error={errors.description?.message} {...register('description')} />
        </form>
      ) : (
        <>
          <h1>{card.title}</h1>
          {card.sub_title && <p className={styles.subTitle}>{card.sub_title}</p>}
          {card.description && <p className={styles.description}>{card.description}</p>}
        </>
      )}
      <div className={styles.profileActions}>
        {editing ? (
          <>
            {/* Keys keep React from turning the clicked EDIT button into this submit button mid-click. */}
            <Button key="save" type="submit" form="profile-form" busy={saving}>
              SAVE
            </Button>
            <Button key="cancel" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button key="edit" variant="secondary" onClick={startEditing}>
              EDIT
            </Button>
            <ButtonLink key="contacts" to={routes.contacts}>
              Contacts
            </ButtonLink>
          </>
        )}
      </div>
    </section>
  );
}
