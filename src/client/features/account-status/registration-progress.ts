import { toAccountStatus } from './status-model';

export interface RegistrationStep {
  key: 'personalInformation' | 'professionalCredentials' | 'profileSetup';
  route: string;
  completed: boolean;
  /**
   * Counted as done without being sent: step 3 is optional, so the spec counts it done with step 2, but the
   * dashboard says it was skipped while the profile holds none of its answers.
   */
  skipped: boolean;
}

export interface RegistrationProgress {
  steps: RegistrationStep[];
  completedCount: number;
  /** Route of the first incomplete step, or undefined when all are done. */
  nextStep: string | undefined;
  isComplete: boolean;
}

/** What the progress reads of the account: its status, and whether step 3's optional profile holds anything. */
export interface ProgressUser {
  accountStatus?: string | null;
  photo?: string | null;
  biography?: string | null;
  specializations?: readonly string[] | null;
  workAreas?: readonly string[] | null;
}

/**
 * Step 1 is done once the account exists; steps 2 and 3 count as done when the status is
 * profile_completed or approved. The next step is the first incomplete one.
 */
export function registrationProgress(user: ProgressUser | null | undefined): RegistrationProgress {
  const status = toAccountStatus(user?.accountStatus);
  const profileDone = status === 'profile_completed' || status === 'approved';
  const profileFilled = Boolean(
    user?.photo || user?.biography || user?.specializations?.length || user?.workAreas?.length,
  );
  const steps: RegistrationStep[] = [
    { key: 'personalInformation', route: '/signup/step1', completed: Boolean(user), skipped: false },
    { key: 'professionalCredentials', route: '/signup/step2', completed: profileDone, skipped: false },
    {
      key: 'profileSetup',
      route: '/signup/step3',
      completed: profileDone,
      skipped: profileDone && !profileFilled,
    },
  ];
  const next = steps.find((step) => !step.completed);
  const completedCount = steps.filter((step) => step.completed).length;
  return { steps, completedCount, nextStep: next?.route, isComplete: next === undefined };
}
