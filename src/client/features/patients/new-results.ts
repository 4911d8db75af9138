import type { NewResultsView } from '../../../shared';

/** Each client's count of results by link not looked at yet: the markers on the Patients list. */
export function newResultsByClient(view: NewResultsView | undefined): ReadonlyMap<string, number> {
  return new Map(view?.clients.filter((c) => c.count > 0).map((c) => [c.clientId, c.count]));
}

/** Where the dashboard notice leads: straight to the one client with new results, else to the Patients list. */
export function newResultsTarget(view: NewResultsView): string {
  const clients = view.clients.filter((c) => c.count > 0);
  return clients.length === 1 ? `/patients/${encodeURIComponent(clients[0]!.clientId)}` : '/patients';
}
