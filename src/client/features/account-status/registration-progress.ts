import { toAccountStatus } from './status-model';

export interface RegistrationStep {
  key: 'personalInformation' | 'professionalCredentials' | 'profileSetup';
  route: string;
  completed: boolean;
}

export interface RegistrationProgress {
  steps: RegistrationStep[];
  completedCount: number;
  /** Route of the first incomplete step, or undefined when all are done. */
  nextStep: string | undefined;
  isComplete: boolean;
}

/**
 * Step 1 is done once the account exists; steps 2 and 3 count as done when the status is
 * profile_completed or approved. The next step is the first incomplete one.
 */
export function registrationProgress(
  user: { accountStatus?: string | null } | null | undefined,
): RegistrationProgress {
  const status = toAccountStatus(user?.accountStatus);
  const profileDone = status === 'profile_completed' || status === 'approved';
  const steps: RegistrationStep[] = [
    { key: 'personalInformation', route: '/signup/step1', completed: Boolean(user) },
    { key: 'professionalCredentials', route: '/signup/step2', completed: profileDone },
    { key: 'profileSetup', route: '/signup/step3', completed: profileDone },
  ];
  const next = steps.find((step) => !step.completed);
  const completedCount = steps.filter((step) => step.completed).length;
  return { steps, completedCount, nextStep: next?.route, isComplete: next === undefined };
}
