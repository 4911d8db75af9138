import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/toast';
import { SchemaForm, type ScreenFormContext } from '../../forms';
import { isApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useAuthStore } from '../../stores/auth-store';
import { type Step3Input, useSignupStep3 } from './api/signup-step3';
import { uploadPhoto } from './api/upload-photo';
import { SignupProgress } from './signup-progress';
import { stepAt } from './signup-steps';

const STEP = stepAt(2);
const BACK = stepAt(1);

type Step3Form = Omit<Step3Input, 'email'>;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** /signup/step3: the optional profile; 'Skip for now' and 'Complete Profile' both end at the dashboard. */
export function SignupStep3Page() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const saved = useAuthStore((state) => state.signupData);
  const [formData, setFormData] = useState<Partial<Step3Form>>(() => ({
    photo: (typeof user?.photo === 'string' ? user.photo : undefined) ?? saved.photo?.id,
    specializations: strings(user?.specializations ?? saved.specializations),
    workAreas: strings(user?.workAreas ?? saved.workAreas),
    biography: user?.biography ?? saved.biography ?? undefined,
  }));
  const [uploading, setUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrorSchema | undefined>();
  const save = useSignupStep3();

  const formContext = useMemo<ScreenFormContext>(
    () => ({
      upload: async (file, { onProgress }) => {
        try {
          const stored = await uploadPhoto(file, onProgress);
          useAuthStore.getState().updateSignupData({ photo: stored });
          return stored;
        } catch (error) {
          toast.error(t('signup.step3.photoFailed'), {
            message: isApiError(error) && error.serverMessage ? error.serverMessage : undefined,
          });
          throw error;
        }
      },
      onUploadStateChange: (_field, busy) => setUploading(busy),
    }),
    [t],
  );

  const finish = () => {
    useAuthStore.getState().updateSignupData({ step: 'completed' });
    navigate('/dashboard');
  };

  const onSkip = () => {
    toast.success(t('signup.step3.skipTitle'), { message: t('signup.step3.skipMessage') });
    finish();
  };

  const onSubmit = (data: Step3Form) => {
    const email = user?.email ?? saved.email;
    if (!email) {
      toast.error(t('signup.step3.profileError'), { message: t('signup.userEmailMissing') });
      return;
    }
    setServerErrors(undefined);
    save.mutate(
      {
        email,
        photo: data.photo || undefined,
        specializations: strings(data.specializations),
        workAreas: strings(data.workAreas),
        biography: data.biography?.trim() || undefined,
      },
      {
        onSuccess: (updated) => {
          useAuthStore.getState().setUser(updated);
          useAuthStore.getState().updateSignupData({
            specializations: strings(data.specializations),
            workAreas: strings(data.workAreas),
            biography: data.biography,
          });
          toast.success(t('signup.step3.completeTitle'), { message: t('signup.step3.completeMessage') });
          finish();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          toast.error(t('signup.step3.profileError'), {
            message: errorText(error, t('app.genericError')),
          });
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={
          <>
            {t('signup.step3.title')}{' '}
            <span className="text-lg font-normal text-slate-700">({t('signup.step3.optional')})</span>
          </>
        }
        documentTitle={t('signup.step3.title')}
        description={t('signup.step3.description')}
      />
      <SignupProgress current={3} />
      <SchemaForm
        formId={STEP.form}
        version={STEP.version}
        formData={formData}
        onChange={(data: Partial<Step3Form>) => setFormData(data)}
        onSubmit={(data) => onSubmit(data as Step3Form)}
        formContext={formContext}
        extraErrors={serverErrors}
        disabled={save.isPending}
      >
        {uploading && (
          <p className="mt-2 text-slate-700" role="status">
            {t('signup.step3.uploading')}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          <ButtonLink to={BACK.route} variant="secondary">
            {t('signup.back')}
          </ButtonLink>
          <Button
            variant="quiet"
            onClick={onSkip}
            disabled={save.isPending || uploading}
            className="sm:ml-auto"
          >
            {t('signup.step3.skip')}
          </Button>
          <Button type="submit" loading={save.isPending} loadingText={t('app.saving')} disabled={uploading}>
            {t('signup.step3.complete')}
          </Button>
        </div>
      </SchemaForm>
    </>
  );
}
