import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, initialSaveState, saveReducer, type SaveEvent, type SaveState } from './save-state.ts';

const run = (events: SaveEvent[], from: SaveState = initialSaveState) => events.reduce(saveReducer, from);

describe('modeler save states', () => {
  it('starts with no changes', () => {
    expect(initialSaveState.status).toBe('clean');
    expect(hasUnsavedChanges(initialSaveState)).toBe(false);
  });

  it('an edit makes unsaved changes; a save goes saving → saved', () => {
    const edited = run([{ type: 'edited' }]);
    expect(edited.status).toBe('dirty');
    expect(hasUnsavedChanges(edited)).toBe(true);
    const saving = saveReducer(edited, { type: 'save-started' });
    expect(saving.status).toBe('saving');
    const saved = saveReducer(saving, { type: 'save-succeeded', revision: edited.revision });
    expect(saved.status).toBe('saved');
    expect(hasUnsavedChanges(saved)).toBe(false);
  });

  it('an edit during a save stays unsaved after that save ends', () => {
    const state = run([{ type: 'edited' }, { type: 'save-started' }, { type: 'edited' }]);
    expect(state.status).toBe('saving');
    const after = saveReducer(state, { type: 'save-succeeded', revision: 1 });
    expect(after.status).toBe('dirty');
    expect(hasUnsavedChanges(after)).toBe(true);
  });

  it('a failed save shows the error and keeps the changes; a retry that succeeds clears it', () => {
    const failed = run([{ type: 'edited' }, { type: 'save-started' }, { type: 'save-failed' }]);
    expect(failed.status).toBe('error');
    expect(hasUnsavedChanges(failed)).toBe(true);
    const retried = run([{ type: 'save-started' }, { type: 'save-succeeded', revision: 1 }], failed);
    expect(retried.status).toBe('saved');
  });

  it('an older save finishing late never marks newer edits as saved', () => {
    const state = run([{ type: 'edited' }, { type: 'edited' }, { type: 'save-succeeded', revision: 2 }, { type: 'save-succeeded', revision: 1 }]);
    expect(state.savedRevision).toBe(2);
    expect(state.status).toBe('saved');
  });

  it('loading a version resets to no changes', () => {
    expect(run([{ type: 'edited' }, { type: 'loaded' }])).toEqual(initialSaveState);
  });
});
