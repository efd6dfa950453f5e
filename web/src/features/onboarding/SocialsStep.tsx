import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue, useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { socialsSchema } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import { BackLink } from '../../components/Page.js';
import { updateWizardAtom, wizardAtom } from './state.js';
import { TEXTS } from './texts.js';
import { useDraftValues, useKeepDraft } from './useStepDraft.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

const stepSchema = socialsSchema.pick({ facebook: true, twitter: true, snapchat: true, website: true });
const FIELDS = [
  { name: 'facebook', label: 'Facebook' },
  { name: 'twitter', label: 'Twitter' },
  { name: 'snapchat', label: 'Snapchat' },
  { name: 'website', label: 'Website' },
] as const;

/**
 * Stage 4, 'Add your socials': optional links or usernames, normalised to canonical links by the
 * shared rules ('Link has not matched with profile {name}' otherwise; a copied share link's query is
 * dropped); blanks are skipped. What is typed is kept across Back, Next and a reload.
 */
export function SocialsStep() {
  const wizard = useAtomValue(wizardAtom);
  const update = useSetAtom(updateWizardAtom);
  const { go, href } = useWizardNav();
  const saved = wizard.socials ?? {};
  const defaultValues = useDraftValues('step-four', { facebook: saved.facebook ?? '', twitter: saved.twitter ?? '', snapchat: saved.snapchat ?? '', website: saved.website ?? '' });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(stepSchema), defaultValues });
  useKeepDraft('step-four', watch);
  return (
    <WizardScreen position="step-four" title={TEXTS.socialsTitle} subtitle={TEXTS.socialsSubtitle}>
      <BackLink to={href('step-three')}>Back</BackLink>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          const socials = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
          update({ socials });
          go('step-five');
        })}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            placeholder="Link or username"
            autoCapitalize="none"
            spellCheck={false}
            hint="Optional"
            error={errors[field.name]?.message}
            {...register(field.name)}
          />
        ))}
        <Button type="submit" block>
          Next
        </Button>
      </form>
    </WizardScreen>
  );
}
