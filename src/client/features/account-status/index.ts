// The account-status model is the one domain module other features may import (see ADR 021).
export {
  type RegistrationProgress,
  type RegistrationStep,
  registrationProgress,
} from './registration-progress';
export { StatusCard } from './status-card';
export {
  describeStatus,
  foldStatus,
  type StatusDescription,
  titleCase,
  toAccountStatus,
} from './status-model';
export { useStatusText } from './use-status-text';
