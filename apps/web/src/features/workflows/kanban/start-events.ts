/**
 * The ids of a model's plain start events (not message starts), in document order: what a public
 * start link names. Read with the browser's XML parser; a model that does not parse has none.
 */
export function startEventIds(xml: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return [];
  const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
  return [...doc.getElementsByTagNameNS(BPMN, 'startEvent')]
    .filter((el) => el.getElementsByTagNameNS(BPMN, 'messageEventDefinition').length === 0 && el.getElementsByTagNameNS(BPMN, 'timerEventDefinition').length === 0)
    .map((el) => el.getAttribute('id') ?? '')
    .filter(Boolean);
}
