import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import universityAliases from '../../../../schemas/signup/professional-credentials/university-aliases.json';
import { isTurkishNationalId } from '../../../forms/formats';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/toast';
import { SchemaForm, type ScreenFormContext } from '../../forms';
import { isApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useAuthStore } from '../../stores/auth-store';
import { type Step2Input, useSignupStep2 } from './api/signup-step2';
import { uploadDiploma } from './api/upload-diploma';
import { ConsentHint } from './consent-hint';
import { SignupProgress } from './signup-progress';
import { stepAt } from './signup-steps';

const STEP = stepAt(1);
const NEXT = stepAt(2);
const BACK = stepAt(0);

type Step2Form = Omit<Step2Input, 'email'>;

/** /signup/step2: professional credentials with the diploma sent as soon as it is picked and KVKK consent. */
export function SignupStep2Page() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const saved = useAuthStore((state) => state.signupData);
  const [formData, setFormData] = useState<Partial<Step2Form>>(() => ({
    university: user?.university ?? saved.university ?? '',
    department: user?.department ?? saved.department ?? 'Psikoloji',
    graduationYear: user?.graduationYear ?? saved.graduationYear ?? new Date().getFullYear() - 1,
    professionalTitle: user?.professionalTitle ?? saved.professionalTitle ?? 'Psikolog',
    chamberRegistrationNumber:
      user?.chamberRegistrationNumber ?? saved.chamberRegistrationNumber ?? undefined,
    diploma: saved.diploma?.id,
    // given on this step earlier in the session (back from step 3): not asked again
    kvkkConsent: saved.kvkkConsent === true,
  }));
  const [uploading, setUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrorSchema | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSignupStep2();
  const consent = formData.kvkkConsent === true;

  const formContext = useMemo<ScreenFormContext>(
    () => ({
      upload: async (file, { onProgress }) => {
        try {
          const stored = await uploadDiploma(file, onProgress);
          useAuthStore.getState().updateSignupData({ diploma: stored });
          return stored;
        } catch (error) {
          toast.error(t('signup.step2.diplomaFailed'), {
            message: isApiError(error) && error.serverMessage ? error.serverMessage : undefined,
          });
          throw error;
        }
      },
      onUploadStateChange: (_field, busy) => setUploading(busy),
      // short names (ODTÜ, METU, İTÜ) kept as data beside the university list
      searchAliases: universityAliases,
      onKvkkConsent: (accepted) => {
        if (accepted) setFormError(null);
      },
    }),
    [t],
  );

  const onSubmit = (data: Step2Form) => {
    setFormError(null);
    const email = user?.email ?? saved.email;
    if (!email) {
      toast.error(t('signup.step2.validationFailed'), { message: t('signup.userEmailMissing') });
      return;
    }
    if (data.kvkkConsent !== true) {
      setFormError(t('signup.step2.kvkkRequired'));
      return;
    }
    if (!isTurkishNationalId(data.nationalId ?? '')) {
      setFormError(t('signup.step2.invalidNationalId'));
      return;
    }
    setServerErrors(undefined);
    save.mutate(
      { ...data, email, chamberRegistrationNumber: data.chamberRegistrationNumber?.trim() || undefined },
      {
        onSuccess: (updated) => {
          const { nationalId: _secret, diploma: _diploma, ...rest } = data;
          useAuthStore.getState().setUser(updated);
          useAuthStore.getState().updateSignupData({ ...rest, step: 3 });
          toast.success(t('signup.step2.savedTitle'), { message: t('signup.step2.savedMessage') });
          navigate(NEXT.route);
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          toast.error(t('signup.step2.validationFailed'), {
            message: errorText(error, t('app.genericError')),
          });
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('signup.step2.title')} description={t('signup.step2.description')} />
      <SignupProgress current={2} />
      {formError && (
        <Alert tone="error" className="mb-6">
          {formError}
        </Alert>
      )}
      <SchemaForm
        formId={STEP.form}
        version={STEP.version}
        formData={formData}
        onChange={(data: Partial<Step2Form>) => setFormData(data)}
        onSubmit={(data) => onSubmit(data as Step2Form)}
        formContext={formContext}
        extraErrors={serverErrors}
        disabled={save.isPending}
      >
        {!consent && <ConsentHint id="kvkk-hint" text={t('signup.step2.consentMissing')} />}
        {uploading && (
          <p className="mt-2 text-slate-700" role="status">
            {t('signup.step2.uploading')}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <ButtonLink to={BACK.route} variant="secondary">
            {t('signup.back')}
          </ButtonLink>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText={t('app.saving')}
            disabled={!consent || uploading}
            aria-describedby={!consent ? 'kvkk-hint' : undefined}
          >
            {t('signup.continue')}
          </Button>
        </div>
      </SchemaForm>
    </>
  );
}
