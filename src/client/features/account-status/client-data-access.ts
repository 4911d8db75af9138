import { mayOpenClientData } from '../../../shared';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../stores/auth-store';
import { foldStatus } from './status-model';

export interface ClientDataAccess {
  /** Patients, intake records and their results may be opened. */
  open: boolean;
  /** The server reviews credentials before client data opens (REQUIRE_APPROVAL). */
  requireApproval: boolean;
  /** The folded account status ('' when unknown). */
  status: string;
}

/** Whether the signed-in account may open client data, by the rule the server's guard applies (ADR 105). */
export function useClientDataAccess(): ClientDataAccess {
  const accountStatus = useAuthStore((state) => state.user?.accountStatus);
  const { requireApproval } = useAppConfig().config;
  const status = foldStatus(accountStatus) ?? '';
  return { open: mayOpenClientData(status, requireApproval), requireApproval, status };
}

/** Statuses whose credentials were sent and wait for the reviewer. */
export const AWAITING_REVIEW = ['profile_completed', 'under_review'];
