import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { AuthLayout, TenantBrand } from './auth-layout.tsx';

interface LinkLandingProps<T> {
  icon: Icon;
  title: string;
  /** The link's token (empty: the link was cut short). */
  token: string;
  /** What the server says of the token. */
  query: { isLoading: boolean; error: unknown; data: T | undefined };
  /** The texts for a link cut short and for one the server refuses (used, expired, unknown). */
  missing: string;
  invalid: string;
  /** Where to go from a link that does not work. */
  way: { to: string; label: string };
  testId: string;
  children: (data: T) => ReactNode;
}

/**
 * A screen opened from an e-mailed link (an invitation, a password reset), under the
 * organisation's brand and its title: while the link is checked, when it is cut short or no longer
 * works (with a way on), else its form.
 */
export function LinkLanding<T>({ icon: TitleIcon, title, ...rest }: LinkLandingProps<T>) {
  return (
    <AuthLayout>
      <TenantBrand />
      <Title order={1} fz={26}>
        <TitleIcon size={26} style={{ verticalAlign: '-4px', marginRight: 8 }} aria-hidden="true" />
        {title}
      </Title>
      <LinkBody {...rest} />
    </AuthLayout>
  );
}

function LinkBody<T>({ token, query, missing, invalid, way, testId, children }: Omit<LinkLandingProps<T>, 'icon' | 'title'>) {
  const { t } = useTranslation();
  if (token && query.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const problem = !token ? missing : query.error || !query.data ? (isHttpError(query.error) && query.error.status < 500 ? invalid : t('errors.network')) : null;
  if (problem !== null || !query.data)
    return (
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
          {problem}
        </Alert>
        <Anchor component={Link} to={way.to}>
          {way.label}
        </Anchor>
      </Stack>
    );
  return children(query.data);
}
