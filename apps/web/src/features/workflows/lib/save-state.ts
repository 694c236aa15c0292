/**
 * The modeler's save states (spec forms-and-modules §4 "Editor save states"): no changes, unsaved
 * changes, saving, saved, error (with retry). A pure reducer so the rules are tested apart from
 * bpmn-js. `revision` counts edits; a save carries the revision it wrote, so an edit made while
 * saving leaves the model unsaved once that save ends.
 */
export type SaveStatus = 'clean' | 'dirty' | 'saving' | 'saved' | 'error';

export interface SaveState {
  status: SaveStatus;
  /** Edits made so far. */
  revision: number;
  /** The revision last written to the server. */
  savedRevision: number;
}

export type SaveEvent = { type: 'loaded' } | { type: 'edited' } | { type: 'save-started' } | { type: 'save-succeeded'; revision: number } | { type: 'save-failed' };

export const initialSaveState: SaveState = { status: 'clean', revision: 0, savedRevision: 0 };

export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case 'loaded':
      return initialSaveState;
    case 'edited':
      return { ...state, revision: state.revision + 1, status: state.status === 'saving' ? 'saving' : 'dirty' };
    case 'save-started':
      return { ...state, status: 'saving' };
    case 'save-succeeded': {
      const savedRevision = Math.max(state.savedRevision, event.revision);
      return { ...state, savedRevision, status: savedRevision < state.revision ? 'dirty' : 'saved' };
    }
    case 'save-failed':
      return { ...state, status: 'error' };
  }
}

/** Whether leaving would lose edits. */
export const hasUnsavedChanges = (state: SaveState) => state.revision > state.savedRevision;
