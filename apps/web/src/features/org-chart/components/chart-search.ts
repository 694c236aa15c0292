import type { TOrgChart, TPersonListItem } from '@faena/contracts';

/** Lower case without accents, so "gerencia" finds "Gerencía" and "jose" finds "José". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export interface SearchHit {
  /** Unique among the hits. */
  key: string;
  kind: 'position' | 'person';
  /** The position to show on the chart. */
  positionId: string;
  label: string;
  description: string | null;
  picture?: string | null;
}

const LIMIT = 8;

/**
 * What the chart search offers for a query: positions by title or department, then persons —
 * those the chart shows (up to three per position) and those the server's people search found
 * (every holder, with the positions they hold). A person in several positions gets one hit each.
 */
export function searchChart(chart: Pick<TOrgChart, 'nodes'>, query: string, remotePersons: readonly Pick<TPersonListItem, 'id' | 'name' | 'picture' | 'positions'>[] = []): SearchHit[] {
  const terms = normalise(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const matches = (text: string) => {
    const haystack = normalise(text);
    return terms.every((term) => haystack.includes(term));
  };
  const titles = new Map(chart.nodes.map((node) => [node.id, node.title]));

  const positions: SearchHit[] = [];
  for (const node of chart.nodes) {
    if (positions.length >= LIMIT) break;
    if (matches(`${node.title} ${node.department ?? ''}`)) positions.push({ key: `position:${node.id}`, kind: 'position', positionId: node.id, label: node.title, description: node.department });
  }

  const persons: SearchHit[] = [];
  const seen = new Set<string>();
  const add = (hit: SearchHit) => {
    if (seen.has(hit.key) || persons.length >= LIMIT || !titles.has(hit.positionId)) return;
    seen.add(hit.key);
    persons.push(hit);
  };
  for (const node of chart.nodes) {
    for (const person of node.persons) {
      if (matches(person.name)) add({ key: `person:${person.id}:${node.id}`, kind: 'person', positionId: node.id, label: person.name, description: node.title, picture: person.picture });
    }
  }
  for (const person of remotePersons) {
    for (const position of person.positions)
      add({ key: `person:${person.id}:${position.id}`, kind: 'person', positionId: position.id, label: person.name, description: titles.get(position.id) ?? position.title, picture: person.picture });
  }
  return [...positions, ...persons];
}
