import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue, useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { profileSchema } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextAreaField, TextField } from '../../components/Field.js';
import { BackLink } from '../../components/Page.js';
import { updateWizardAtom, wizardAtom } from './state.js';
import { useDraftValues, useKeepDraft } from './useStepDraft.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

/** Stage 3, personal info: name, subTitle ('Tell us what you do?'), phone, optional description; what is typed is kept across Back, Next and a reload. */
export function PersonalInfoStep() {
  const wizard = useAtomValue(wizardAtom);
  const update = useSetAtom(updateWizardAtom);
  const { go, href } = useWizardNav();
  const defaultValues = useDraftValues('step-three', wizard.card ?? { name: wizard.user.name, subTitle: '', phone: '', description: '' });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(profileSchema), defaultValues });
  useKeepDraft('step-three', watch);
  return (
    <WizardScreen position="step-three" title="Personal Info" subtitle="This is what people see on your card.">
      <BackLink to={href('step-two')}>Back</BackLink>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          update({
            card: { name: values.name, subTitle: values.subTitle, phone: values.phone, description: values.description ?? '' },
            user: { ...wizard.user, name: values.name },
          });
          go('step-four');
        })}
      >
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="What do you do?" placeholder="e.g. Product Designer at Acme" autoComplete="organization-title" error={errors.subTitle?.message} {...register('subTitle')} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" placeholder="+2348012345678" error={errors.phone?.message} {...register('phone')} />
        <TextAreaField label="Description (optional)" rows={3} error={errors.description?.message} {...register('description')} />
        <Button type="submit" block>
          Next
        </Button>
      </form>
    </WizardScreen>
  );
}
