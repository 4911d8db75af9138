import { queryKeys } from '../../../lib/query-keys';

// the API's views are the contract's (ADR 073); the names here are the ones the screens use
export type {
  ClientListItemView as ClientListItem,
  ClientView,
  QuestionnaireResults,
  ResponseListItemView as ResponseListItem,
  ResponseView as ResponseRecord,
  ScaleSeries,
  ScorePoint,
} from '../../../../shared';

export type Answers = Record<string, unknown>;

export const clientKeys = queryKeys.clients;
