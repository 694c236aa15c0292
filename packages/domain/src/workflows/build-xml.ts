/**
 * Writes BPMN 2.0 XML (with the faena extension and a simple left-to-right diagram) from a
 * compact description. Used by the demo seed, the tests and the bench; the modeler writes its
 * own XML through bpmn-js.
 */
import { FAENA_BPMN_URI } from './constants.ts';

export interface XmlNode {
  id: string;
  kind: 'start' | 'messageStart' | 'userTask' | 'task' | 'timerCatch' | 'messageCatch' | 'messageThrow' | 'end' | 'errorEnd' | 'timerBoundary' | 'parallel' | 'exclusive';
  name?: string;
  formId?: string;
  assigneeType?: string;
  assignees?: string;
  dueIn?: string;
  notify?: string;
  message?: string;
  correlationKey?: string;
  timer?: { kind: 'date' | 'duration' | 'cycle'; value: string };
  attachedTo?: string;
  /** A boundary event that leaves its task open (cancelActivity="false"). */
  nonInterrupting?: boolean;
  defaultFlow?: string;
}
export interface XmlFlow {
  id: string;
  from: string;
  to: string;
  condition?: string;
  name?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const messageId = (name: string) => `Message_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

function nodeXml(n: XmlNode): string {
  const attrs = [`id="${esc(n.id)}"`];
  if (n.name) attrs.push(`name="${esc(n.name)}"`);
  if (n.formId) attrs.push(`faena:formId="${esc(n.formId)}"`);
  if (n.assigneeType) attrs.push(`faena:assigneeType="${esc(n.assigneeType)}"`);
  if (n.assignees) attrs.push(`faena:assignees="${esc(n.assignees)}"`);
  if (n.dueIn) attrs.push(`faena:dueIn="${esc(n.dueIn)}"`);
  if (n.notify !== undefined) attrs.push(`faena:notify="${esc(n.notify)}"`);
  if (n.attachedTo) attrs.push(`attachedToRef="${esc(n.attachedTo)}"`);
  if (n.nonInterrupting) attrs.push('cancelActivity="false"');
  if (n.defaultFlow) attrs.push(`default="${esc(n.defaultFlow)}"`);
  const msg = () => {
    const corr = n.correlationKey ? ` faena:correlationKey="${esc(n.correlationKey)}"` : '';
    return `<bpmn:messageEventDefinition id="${esc(n.id)}_def"${n.message ? ` messageRef="${esc(messageId(n.message))}"` : ''}${corr} />`;
  };
  const timer = () => {
    const t = n.timer;
    const inner = t ? `<bpmn:time${t.kind[0]!.toUpperCase()}${t.kind.slice(1)} xsi:type="bpmn:tFormalExpression">${esc(t.value)}</bpmn:time${t.kind[0]!.toUpperCase()}${t.kind.slice(1)}>` : '';
    return `<bpmn:timerEventDefinition id="${esc(n.id)}_def">${inner}</bpmn:timerEventDefinition>`;
  };
  const a = attrs.join(' ');
  switch (n.kind) {
    case 'start':
      return `<bpmn:startEvent ${a} />`;
    case 'messageStart':
      return `<bpmn:startEvent ${a}>${msg()}</bpmn:startEvent>`;
    case 'userTask':
      return `<bpmn:userTask ${a} />`;
    case 'task':
      return `<bpmn:task ${a} />`;
    case 'timerCatch':
      return `<bpmn:intermediateCatchEvent ${a}>${timer()}</bpmn:intermediateCatchEvent>`;
    case 'messageCatch':
      return `<bpmn:intermediateCatchEvent ${a}>${msg()}</bpmn:intermediateCatchEvent>`;
    case 'messageThrow':
      return `<bpmn:intermediateThrowEvent ${a}>${msg()}</bpmn:intermediateThrowEvent>`;
    case 'end':
      return `<bpmn:endEvent ${a} />`;
    case 'errorEnd':
      return `<bpmn:endEvent ${a}><bpmn:errorEventDefinition id="${esc(n.id)}_def" /></bpmn:endEvent>`;
    case 'timerBoundary':
      return `<bpmn:boundaryEvent ${a}>${timer()}</bpmn:boundaryEvent>`;
    case 'parallel':
      return `<bpmn:parallelGateway ${a} />`;
    case 'exclusive':
      return `<bpmn:exclusiveGateway ${a} />`;
  }
}

const SHAPE: Record<string, [number, number]> = { userTask: [100, 80], task: [100, 80], parallel: [50, 50], exclusive: [50, 50] };

export function buildBpmnXml(model: { id?: string; nodes: XmlNode[]; flows: XmlFlow[] }): string {
  const processId = model.id ?? 'Process_1';
  const messages = [...new Set(model.nodes.map((n) => n.message).filter((m): m is string => !!m))];
  const flows = model.flows.map((f) => {
    const attrs = `id="${esc(f.id)}" sourceRef="${esc(f.from)}" targetRef="${esc(f.to)}"${f.name ? ` name="${esc(f.name)}"` : ''}`;
    return f.condition === undefined
      ? `<bpmn:sequenceFlow ${attrs} />`
      : `<bpmn:sequenceFlow ${attrs}><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(f.condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`;
  });
  const pos = new Map<string, { x: number; y: number; w: number; h: number }>();
  let col = 0;
  for (const n of model.nodes) {
    const [w, h] = SHAPE[n.kind] ?? [36, 36];
    if (n.kind === 'timerBoundary' && n.attachedTo && pos.has(n.attachedTo)) {
      const host = pos.get(n.attachedTo)!;
      pos.set(n.id, { x: host.x + host.w - 18, y: host.y + host.h - 18, w, h });
      continue;
    }
    pos.set(n.id, { x: 100 + col * 160, y: 200 - h / 2 + (col % 2) * 0, w, h });
    col++;
  }
  const shapes = model.nodes.map((n) => {
    const p = pos.get(n.id)!;
    return `<bpmndi:BPMNShape id="${esc(n.id)}_di" bpmnElement="${esc(n.id)}"><dc:Bounds x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" /></bpmndi:BPMNShape>`;
  });
  const edges = model.flows.map((f) => {
    const a = pos.get(f.from);
    const b = pos.get(f.to);
    if (!a || !b) return '';
    return `<bpmndi:BPMNEdge id="${esc(f.id)}_di" bpmnElement="${esc(f.id)}"><di:waypoint x="${a.x + a.w}" y="${a.y + a.h / 2}" /><di:waypoint x="${b.x}" y="${b.y + b.h / 2}" /></bpmndi:BPMNEdge>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:faena="${FAENA_BPMN_URI}" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">`,
    ...messages.map((m) => `<bpmn:message id="${esc(messageId(m))}" name="${esc(m)}" />`),
    `<bpmn:process id="${esc(processId)}" isExecutable="true">`,
    ...model.nodes.map(nodeXml),
    ...flows,
    '</bpmn:process>',
    `<bpmndi:BPMNDiagram id="Diagram_1"><bpmndi:BPMNPlane id="Plane_1" bpmnElement="${esc(processId)}">`,
    ...shapes,
    ...edges,
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
    '</bpmn:definitions>',
  ].join('\n');
}
