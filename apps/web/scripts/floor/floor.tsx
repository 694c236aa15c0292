// The framework floor of the bundle report: a bare page with React, the data router, the query
// cache and the component library (provider, a few components, styles) — nothing of the app.
import '@mantine/core/styles.css';
import { Button, Container, MantineProvider, Stack, Text, TextInput, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';

function Page() {
  const health = useQuery({ queryKey: ['health'], queryFn: () => fetch('/api/health').then((r) => r.json() as Promise<{ version: string }>) });
  return (
    <Container py="xl">
      <Stack>
        <Title>Floor</Title>
        <Text>{health.data?.version ?? '…'}</Text>
        <TextInput label="Email" />
        <Button component={Link} to="/">
          OK
        </Button>
      </Stack>
    </Container>
  );
}

const router = createBrowserRouter([{ path: '/', Component: Page }]);
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </MantineProvider>,
);
