import { describe, expect, it } from 'vitest';
import { startEventIds } from './start-events.ts';

const model = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><bpmn:process id="p">${inner}</bpmn:process></bpmn:definitions>`;

describe('startEventIds', () => {
  it('lists plain start events, not message starts', () => {
    expect(startEventIds(model('<bpmn:startEvent id="Start_1"/><bpmn:startEvent id="Msg"><bpmn:messageEventDefinition/></bpmn:startEvent><bpmn:endEvent id="End"/>'))).toEqual(['Start_1']);
  });

  it('is empty for XML that does not parse', () => {
    expect(startEventIds('<bpmn:definitions')).toEqual([]);
  });
});
