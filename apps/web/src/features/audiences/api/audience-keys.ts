export const audienceKeys = {
  all: ['audiences'] as const,
  list: (search: string, page: number) => ['audiences', 'list', search, page] as const,
  detail: (id: string) => ['audiences', 'detail', id] as const,
  preview: (rules: unknown, page: number) => ['audiences', 'preview', rules, page] as const,
};
