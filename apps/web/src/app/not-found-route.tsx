import { Anchor, Box, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../shared/ui/logo.tsx';
import { NotFoundPage } from '../shared/ui/not-found-page.tsx';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Container size="lg" py="md">
        <Anchor component={Link} to="/" aria-label={t('shell.goHome')} underline="never" display="inline-block">
          <Logo />
        </Anchor>
      </Container>
      <NotFoundPage />
    </Box>
  );
}
