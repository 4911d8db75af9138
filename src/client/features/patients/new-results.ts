import type { AttentionItem, NewResultsView } from '../../../shared';

/** Each client's count of results by link not looked at yet: the markers on the Patients list. */
export function newResultsByClient(view: NewResultsView | undefined): ReadonlyMap<string, number> {
  return new Map(view?.clients.filter((c) => c.count > 0).map((c) => [c.clientId, c.count]));
}

/** Where the dashboard notice of new results leads: straight to the one client with new results, else to the Patients list. */
export function newResultsTarget(view: NewResultsView): string {
  const clients = view.clients.filter((c) => c.count > 0);
  return clients.length === 1 ? `/patients/${encodeURIComponent(clients[0]!.clientId)}` : '/patients';
}

/** Each client's count of open alerts (ADR 166): the markers on the Patients list. */
export function attentionByClient(view: NewResultsView | undefined): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const { clientId } of view?.attention ?? []) counts.set(clientId, (counts.get(clientId) ?? 0) + 1);
  return counts;
}

/** The ids of the responses that need attention, for their markers on the client page. */
export function attentionResponses(view: NewResultsView | undefined): ReadonlySet<string> {
  return new Set(view?.attention.map((a) => a.responseId));
}

/** How many open alerts wait at each level: the counts "Needs attention" shows, falling as each is handled. */
export function attentionCounts(items: readonly AttentionItem[]): { urgent: number; review: number } {
  let urgent = 0;
  for (const item of items) if (item.level === 'urgent') urgent += 1;
  return { urgent, review: items.length - urgent };
}
