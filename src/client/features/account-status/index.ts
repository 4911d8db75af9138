// The account-status model is the one domain module other features may import (see ADR 021).

export { AWAITING_REVIEW, type ClientDataAccess, useClientDataAccess } from './client-data-access';
export { ClientDataGate } from './client-data-gate';
export { registrationProgress } from './registration-progress';
export { StatusCard } from './status-card';
export { describeStatus, foldStatus, titleCase, toAccountStatus } from './status-model';
export { useStatusText } from './use-status-text';
