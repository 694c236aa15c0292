import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../../shared/api/http-error.ts';
import type { CatalogDef } from '../lib/catalog-defs.ts';
import { generalProblem } from '../lib/server-errors.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { problemText } from './problem-text.ts';

/** A record that could not be read: gone (404), switched off, or a failure worth a retry. */
export function LoadProblem({ def, error, onRetry }: { def: CatalogDef; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const missing = isNotFound(error);
  return (
    <Stack gap="md">
      <BackLink to={def.path}>{t(`catalogs.kinds.${def.i18n}.title`)}</BackLink>
      <Alert color={missing ? 'gray' : 'red'} title={problemText(t, generalProblem(error))} data-testid="load-problem">
        {!missing && (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Alert>
    </Stack>
  );
}
