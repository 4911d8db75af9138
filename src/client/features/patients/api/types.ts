import { queryKeys } from '../../../lib/query-keys';

// the API's views are the contract's (ADR 073); the names here are the ones the screens use
export type {
  Answers,
  ClientListItemView as ClientListItem,
  ClientView,
  QuestionnaireResults,
  ResponseListItemView as ResponseListItem,
  ResponseView,
  ScaleSeries,
  ScorePoint,
} from '../../../../shared';

export const clientKeys = queryKeys.clients;
