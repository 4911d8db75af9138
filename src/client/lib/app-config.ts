import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppConfigView } from '../../shared';
import { http } from './http';
import { queryKeys } from './query-keys';

/** Public settings the server announces at GET /api/config (the shared contract). */
export type AppConfig = AppConfigView;

/** Used until (or if never) the server answers: the spec's defaults. */
const DEFAULT_APP_CONFIG: AppConfig = {
  productName: 'Psychologist Platform',
  supportEmail: 'support@psychologist-platform.example',
  requireEmailVerification: true,
  requireApproval: false,
  deletionGraceDays: 30,
};

function parseAppConfig(raw: unknown): AppConfig {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof AppConfig, unknown>>;
  return {
    productName: typeof value.productName === 'string' ? value.productName : DEFAULT_APP_CONFIG.productName,
    supportEmail:
      typeof value.supportEmail === 'string' ? value.supportEmail : DEFAULT_APP_CONFIG.supportEmail,
    requireEmailVerification:
      typeof value.requireEmailVerification === 'boolean'
        ? value.requireEmailVerification
        : DEFAULT_APP_CONFIG.requireEmailVerification,
    requireApproval:
      typeof value.requireApproval === 'boolean' ? value.requireApproval : DEFAULT_APP_CONFIG.requireApproval,
    deletionGraceDays:
      typeof value.deletionGraceDays === 'number' && value.deletionGraceDays > 0
        ? value.deletionGraceDays
        : DEFAULT_APP_CONFIG.deletionGraceDays,
  };
}

async function getAppConfig(): Promise<AppConfig> {
  return parseAppConfig(await http.get<unknown>('config'));
}

/** The server's public settings; falls back to the defaults when the call fails. */
export function useAppConfig(): { config: AppConfig; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.appConfig,
    queryFn: getAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { config: query.data ?? DEFAULT_APP_CONFIG, isPending: query.isPending };
}

/** The product's name in the reader's language, unless the operator configured a name of their own. */
export function useProductName(): string {
  const { config } = useAppConfig();
  const { t } = useTranslation('account');
  return config.productName === DEFAULT_APP_CONFIG.productName ? t('app.productName') : config.productName;
}
