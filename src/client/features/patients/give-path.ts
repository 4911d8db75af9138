/** The query parameter that opens a client's page with a questionnaire chosen to give. */
export const GIVE_PARAM = 'give';

/** The client's page with `questionnaireId` chosen in 'Give a questionnaire' (from the library's card). */
export function giveOnClientPath(clientId: string, questionnaireId: string): string {
  return `/patients/${encodeURIComponent(clientId)}?${GIVE_PARAM}=${encodeURIComponent(questionnaireId)}`;
}
