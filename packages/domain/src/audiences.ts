/** The lists of an audience's rules: a person is in the audience when any list takes them in. */
export const AUDIENCE_RULE_LISTS = ['positions', 'venues', 'business_lines', 'persons'] as const;
