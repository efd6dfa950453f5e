import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { serviceFormSchema, type ServiceFormValues } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { useImageCrop } from '../../components/ImageCropDialog.js';
import { TextAreaField, TextField } from '../../components/Field.js';
import { notify } from '../../lib/toast.js';
import { compressImage } from '../../lib/upload.js';
import { addService } from './api.js';
import styles from './Connect.module.css';
import { TEXTS } from './texts.js';

const formSchema = serviceFormSchema.omit({ enable_enquiry: true });

/** The chosen image and its preview URL (revoked when replaced or closed). */
function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return { file, preview, setFile };
}

/**
 * The 'Add New' service modal: image, name, description, phone and link, sent as multipart to
 * add-service with enable_enquiry true. 'Service Added successfully!' or 'Error Adding Service. Please try again.'
 */
export function ServiceDialog({ open, onOpenChange, cardId, onAdded }: { open: boolean; onOpenChange: (open: boolean) => void; cardId: string; onAdded: () => void }) {
  const imageId = useId();
  const image = useImageChoice();
  const cropStep = useImageCrop();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { service_name: '', service_description: '', phone: '', link: '' } });

  const add = useMutation({
    mutationFn: async (values: Omit<ServiceFormValues, 'enable_enquiry'>) => {
      const form = new FormData();
      if (image.file) form.append('service_image', await compressImage(image.file));
      form.append('service_name', values.service_name);
      form.append('service_description', values.service_description);
      form.append('phone', values.phone);
      form.append('link', values.link);
      form.append('enable_enquiry', 'true');
      return addService(cardId, form);
    },
    onSuccess: (result) => {
      if (result.ok) {
        notify.success(TEXTS.serviceAdded);
        reset();
        image.setFile(null);
        onAdded();
        onOpenChange(false);
      } else if (result.kind !== 'network') notify.error(TEXTS.serviceAddFailed);
    },
  });

  /** A chosen image goes through the square crop step (which warns of a file too large); cancelling keeps the previous one. */
  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0] ?? null;
    if (!file) return image.setFile(null);
    const square = await cropStep.crop(file);
    if (square) image.setFile(square);
    // The input holds the original file; what is sent is the square in `image`.
    input.value = '';
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add New Service">
      <form noValidate onSubmit={handleSubmit((values) => add.mutate(values))}>
        {image.preview && <img className={styles.preview} src={image.preview} alt="Chosen service image" width={96} height={96} />}
        <div className={styles.fileField}>
          <label htmlFor={imageId}>Service Image (optional)</label>
          <input id={imageId} type="file" accept="image/*" onChange={(event) => void onImage(event)} />
        </div>
        <TextField label="Service Name" error={errors.service_name?.message} {...register('service_name')} />
        <TextAreaField label="Description" rows={3} error={errors.service_description?.message} {...register('service_description')} />
        <TextField label="Phone Number" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="Link" type="url" inputMode="url" placeholder="https://example.com" autoCapitalize="none" error={errors.link?.message} {...register('link')} />
        <FormActions className={styles.dialogActions} cancelLabel="Cancel" onCancel={() => onOpenChange(false)} submitLabel="Add Service" busy={add.isPending} />
      </form>
      {cropStep.dialog}
    </Dialog>
  );
}
