import type { NewResultsView } from '../../../shared';

/** Each client's count of results by link not looked at yet: the markers on the Patients list. */
export function newResultsByClient(view: NewResultsView | undefined): ReadonlyMap<string, number> {
  return new Map(view?.clients.filter((c) => c.count > 0).map((c) => [c.clientId, c.count]));
}

/** Where the dashboard notice of new results leads: straight to the one client with new results, else to the Patients list. */
export function newResultsTarget(view: NewResultsView): string {
  const clients = view.clients.filter((c) => c.count > 0);
  return clients.length === 1 ? `/patients/${encodeURIComponent(clients[0]!.clientId)}` : '/patients';
}

/** Each client's count of responses whose critical answers need attention (ADR 108). */
export function attentionByClient(view: NewResultsView | undefined): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const { clientId } of view?.attention ?? []) counts.set(clientId, (counts.get(clientId) ?? 0) + 1);
  return counts;
}

/** The ids of the responses that need attention, for their markers on the client page. */
export function attentionResponses(view: NewResultsView | undefined): ReadonlySet<string> {
  return new Set(view?.attention.map((a) => a.responseId));
}

/** Where the dashboard's attention notice leads: the one response, else the one client, else the Patients list. */
export function attentionTarget(view: NewResultsView): string {
  const [first] = view.attention;
  if (!first) return '/patients';
  const client = `/patients/${encodeURIComponent(first.clientId)}`;
  if (view.attention.length === 1) return `${client}/responses/${encodeURIComponent(first.responseId)}`;
  return view.attention.every((a) => a.clientId === first.clientId) ? client : '/patients';
}
