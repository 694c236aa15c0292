import { AUDIENCE_RULE_LISTS } from '@faena/domain/audiences';
import type { TAudienceRuleChanges, TAudienceRules } from '@faena/contracts';
import { setChanges } from '../../../shared/lib/set-changes.ts';

/**
 * What an edit did to an audience's rules, list by list: the ids added and the ones taken off
 * (only the lists that changed). Sent instead of every list, so a rule another manager added or
 * took off meanwhile is left as they left it. Empty when nothing changed.
 */
export function ruleChanges(before: TAudienceRules, after: TAudienceRules): { rules_added?: TAudienceRuleChanges; rules_removed?: TAudienceRuleChanges } {
  const added: TAudienceRuleChanges = {};
  const removed: TAudienceRuleChanges = {};
  for (const list of AUDIENCE_RULE_LISTS) {
    const change = setChanges(before[list], after[list]);
    if (change.added.length > 0) added[list] = change.added;
    if (change.removed.length > 0) removed[list] = change.removed;
  }
  return { ...(Object.keys(added).length > 0 ? { rules_added: added } : {}), ...(Object.keys(removed).length > 0 ? { rules_removed: removed } : {}) };
}
