/** The few bpmn-js / diagram-js services the modeler page uses (bpmn-js is loaded lazily). */
import type { BusinessObjectLike } from '../lib/panel-model.ts';

export interface ModdleElement extends BusinessObjectLike {
  $type: string;
  id: string;
  name?: string;
  eventDefinitions?: ModdleElement[];
  outgoing?: ModdleElement[];
  default?: ModdleElement;
  conditionExpression?: ModdleElement;
  messageRef?: ModdleElement;
  body?: string;
  targetRef?: ModdleElement;
  rootElements?: ModdleElement[];
  $parent?: ModdleElement;
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  outgoing?: DiagramElement[];
  waypoints?: unknown;
}

export interface Services {
  eventBus: { on(event: string, callback: (event: never) => void): void; off(event: string, callback: (event: never) => void): void };
  elementRegistry: { getAll(): DiagramElement[]; get(id: string): DiagramElement | undefined };
  modeling: {
    updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
    updateModdleProperties(element: DiagramElement, target: ModdleElement, props: Record<string, unknown>): void;
  };
  moddle: { create(type: string, attrs?: Record<string, unknown>): ModdleElement };
  canvas: { addMarker(id: string, marker: string): void; removeMarker(id: string, marker: string): void; zoom(level: string): void; getRootElement(): DiagramElement };
  overlays: { add(id: string, type: string, overlay: { position: Record<string, number>; html: string | HTMLElement }): string; remove(filter: { type: string }): void };
  selection: { select(element: DiagramElement | null): void };
}

export interface ModelerLike {
  importXML(xml: string): Promise<unknown>;
  saveXML(options: { format: boolean }): Promise<{ xml?: string }>;
  get<K extends keyof Services>(name: K): Services[K];
  getDefinitions(): ModdleElement;
  destroy(): void;
}
