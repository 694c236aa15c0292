/**
 * bpmn-js module limiting the palette, the context pad and the replace menu to the element types of
 * the design (decision 022), with the labels in the user's language. bpmn-js services are untyped
 * here: only the few methods used are described.
 */
interface Shape {
  id: string;
  type: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  attachers?: Shape[];
}
type Entries = Record<string, { title?: string; action?: unknown; className?: string; group?: string; label?: string }>;
type Translate = (key: string) => string;

type ShapeAttrs = { type: string; eventDefinitionType?: string; eventDefinitionAttrs?: Record<string, unknown> };
interface ElementFactory {
  createShape(attrs: ShapeAttrs): Shape;
}
interface BpmnFactory {
  create(type: string, attrs?: Record<string, unknown>): unknown;
}
interface Modeling {
  createShape(shape: Shape, position: { x: number; y: number }, target: Shape, hints?: { attach?: boolean }): Shape;
}
interface Selection {
  select(element: Shape): void;
}
interface Create {
  start(event: Event, shape: Shape, context?: unknown): void;
}
interface AutoPlace {
  append(source: Shape, shape: Shape): void;
}

/** i18n titles, set before the modeler is created. */
export const bpmnLabels: { t: Translate } = { t: (key) => key };

const KEEP_PALETTE = new Set(['hand-tool', 'lasso-tool', 'global-connect-tool', 'tool-separator', 'create.start-event', 'create.end-event', 'create.exclusive-gateway']);
const PALETTE_TITLES: Record<string, string> = {
  'hand-tool': 'workflows.modeler.palette.hand',
  'lasso-tool': 'workflows.modeler.palette.lasso',
  'global-connect-tool': 'workflows.modeler.palette.connect',
  'create.start-event': 'workflows.modeler.elements.VanillaStartEvent',
  'create.end-event': 'workflows.modeler.elements.SuccessEndEvent',
  'create.exclusive-gateway': 'workflows.modeler.elements.ExclusiveGateway',
};

function createEntry(group: string, className: string, title: string, factory: ElementFactory, create: Create, attrs: ShapeAttrs) {
  const start = (event: Event) => create.start(event, factory.createShape(attrs));
  return { group, className, title, action: { dragstart: start, click: start } };
}

/**
 * A timer boundary event, interrupting, one hour: the panel edits it (duration, cycle, whether the
 * task stays open). Its timer is set so a new boundary is valid as it lands.
 */
export function timerBoundaryAttrs(bpmnFactory: BpmnFactory): ShapeAttrs {
  return { type: 'bpmn:BoundaryEvent', eventDefinitionType: 'bpmn:TimerEventDefinition', eventDefinitionAttrs: { timeDuration: bpmnFactory.create('bpmn:FormalExpression', { body: 'PT1H' }) } };
}

/** Where the n-th boundary lands on a task: along its bottom edge from the right, 40 px apart. */
export function boundaryPosition(host: Required<Pick<Shape, 'x' | 'y' | 'width' | 'height'>>, taken: number): { x: number; y: number } {
  return { x: Math.max(host.x + 18, host.x + host.width - 18 - taken * 40), y: host.y + host.height };
}

class FaenaPaletteProvider {
  static $inject = ['palette', 'elementFactory', 'create', 'bpmnFactory'];
  private readonly factory: ElementFactory;
  private readonly create: Create;
  private readonly bpmnFactory: BpmnFactory;
  constructor(palette: { registerProvider(priority: number, provider: unknown): void }, factory: ElementFactory, create: Create, bpmnFactory: BpmnFactory) {
    this.factory = factory;
    this.create = create;
    this.bpmnFactory = bpmnFactory;
    palette.registerProvider(500, this);
  }
  getPaletteEntries() {
    const { t } = bpmnLabels;
    return (entries: Entries): Entries => {
      const kept: Entries = {};
      for (const [key, entry] of Object.entries(entries)) {
        if (!KEEP_PALETTE.has(key)) continue;
        const title = PALETTE_TITLES[key];
        kept[key] = title ? { ...entry, title: t(title) } : entry;
      }
      const { factory, create } = this;
      return {
        ...kept,
        'create.message-start-event': createEntry('event', 'bpmn-icon-start-event-message', t('workflows.modeler.elements.MessageStartEvent'), factory, create, {
          type: 'bpmn:StartEvent',
          eventDefinitionType: 'bpmn:MessageEventDefinition',
        }),
        'create.timer-event': createEntry('event', 'bpmn-icon-intermediate-event-catch-timer', t('workflows.modeler.elements.TimerIntermediateCatchEvent'), factory, create, {
          type: 'bpmn:IntermediateCatchEvent',
          eventDefinitionType: 'bpmn:TimerEventDefinition',
          eventDefinitionAttrs: { timeDuration: this.bpmnFactory.create('bpmn:FormalExpression', { body: 'PT1H' }) },
        }),
        'create.message-catch-event': createEntry('event', 'bpmn-icon-intermediate-event-catch-message', t('workflows.modeler.elements.MessageIntermediateCatchEvent'), factory, create, {
          type: 'bpmn:IntermediateCatchEvent',
          eventDefinitionType: 'bpmn:MessageEventDefinition',
        }),
        'create.message-throw-event': createEntry('event', 'bpmn-icon-intermediate-event-throw-message', t('workflows.modeler.elements.MessageIntermediateThrowEvent'), factory, create, {
          type: 'bpmn:IntermediateThrowEvent',
          eventDefinitionType: 'bpmn:MessageEventDefinition',
        }),
        'create.error-end-event': createEntry('event', 'bpmn-icon-end-event-error', t('workflows.modeler.elements.ErrorEndEvent'), factory, create, {
          type: 'bpmn:EndEvent',
          eventDefinitionType: 'bpmn:ErrorEventDefinition',
        }),
        'create.parallel-gateway': createEntry('gateway', 'bpmn-icon-gateway-parallel', t('workflows.modeler.elements.ParallelGateway'), factory, create, { type: 'bpmn:ParallelGateway' }),
        'create.user-task': createEntry('activity', 'bpmn-icon-user-task', t('workflows.modeler.elements.UserTask'), factory, create, { type: 'bpmn:UserTask' }),
      };
    };
  }
}

const KEEP_PAD = new Set(['append.end-event', 'append.gateway', 'append.intermediate-event', 'replace', 'delete', 'connect']);
const PAD_TITLES: Record<string, string> = {
  'append.end-event': 'workflows.modeler.pad.appendEnd',
  'append.gateway': 'workflows.modeler.pad.appendGateway',
  'append.intermediate-event': 'workflows.modeler.pad.appendEvent',
  replace: 'workflows.modeler.pad.replace',
  delete: 'workflows.modeler.pad.delete',
  connect: 'workflows.modeler.pad.connect',
};

class FaenaContextPadProvider {
  static $inject = ['contextPad', 'elementFactory', 'autoPlace', 'bpmnFactory', 'modeling', 'selection'];
  private readonly factory: ElementFactory;
  private readonly autoPlace: AutoPlace | undefined;
  private readonly bpmnFactory: BpmnFactory;
  private readonly modeling: Modeling;
  private readonly selection: Selection;
  constructor(
    contextPad: { registerProvider(priority: number, provider: unknown): void },
    factory: ElementFactory,
    autoPlace: AutoPlace | undefined,
    bpmnFactory: BpmnFactory,
    modeling: Modeling,
    selection: Selection,
  ) {
    this.factory = factory;
    this.autoPlace = autoPlace;
    this.bpmnFactory = bpmnFactory;
    this.modeling = modeling;
    this.selection = selection;
    contextPad.registerProvider(500, this);
  }

  /** Attaches a timer boundary event to a user task and selects it, so its panel opens. */
  private attachTimer(task: Shape): void {
    const { x = 0, y = 0, width = 100, height = 80 } = task;
    const shape = this.factory.createShape(timerBoundaryAttrs(this.bpmnFactory));
    const created = this.modeling.createShape(shape, boundaryPosition({ x, y, width, height }, task.attachers?.length ?? 0), task, { attach: true });
    this.selection.select(created);
  }
  getContextPadEntries(element: Shape) {
    const { t } = bpmnLabels;
    return (entries: Entries): Entries => {
      const kept: Entries = {};
      for (const [key, entry] of Object.entries(entries)) {
        if (!KEEP_PAD.has(key)) continue;
        const title = PAD_TITLES[key];
        kept[key] = title ? { ...entry, title: t(title) } : entry;
      }
      if ('append.end-event' in entries && this.autoPlace) {
        const autoPlace = this.autoPlace;
        kept['append.user-task'] = {
          group: 'model',
          className: 'bpmn-icon-user-task',
          title: t('workflows.modeler.pad.appendUserTask'),
          action: { click: () => autoPlace.append(element, this.factory.createShape({ type: 'bpmn:UserTask' })) },
        };
      }
      if (element.type === 'bpmn:UserTask')
        kept['attach.timer-boundary'] = {
          group: 'model',
          className: 'bpmn-icon-intermediate-event-catch-timer',
          title: t('workflows.modeler.pad.attachTimer'),
          action: { click: () => this.attachTimer(element) },
        };
      return kept;
    };
  }
}

/** Replace options outside the design (plain tasks, sub-processes, other event kinds...). */
const REFUSED_REPLACE =
  /(^replace-with-task$|timer-start|error-start|none-intermediate|message-end|message-boundary|error-boundary|-task$|sub-?process|transaction|call-activity|ad-hoc|conditional|signal|escalation|compensat|link|cancel|terminate|multiple|complex|inclusive|event-based|collapsed|expanded|data-|participant|non-interrupting)/;
const ALLOWED_TASKS = new Set(['replace-with-user-task']);

class FaenaReplaceMenuProvider {
  static $inject = ['popupMenu'];
  constructor(popupMenu: { registerProvider(id: string, priority: number, provider: unknown): void }) {
    popupMenu.registerProvider('bpmn-replace', 500, this);
  }
  getPopupMenuEntries() {
    return (entries: Entries): Entries => Object.fromEntries(Object.entries(entries).filter(([key]) => ALLOWED_TASKS.has(key) || !REFUSED_REPLACE.test(key)));
  }
  getPopupMenuHeaderEntries() {
    // loop characteristics and ad-hoc toggles are outside the design
    return (): Entries => ({});
  }
}

export const faenaModelerModule = {
  __init__: ['faenaPaletteProvider', 'faenaContextPadProvider', 'faenaReplaceMenuProvider'],
  faenaPaletteProvider: ['type', FaenaPaletteProvider],
  faenaContextPadProvider: ['type', FaenaContextPadProvider],
  faenaReplaceMenuProvider: ['type', FaenaReplaceMenuProvider],
};
