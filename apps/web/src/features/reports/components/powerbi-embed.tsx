import { Box } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { TEmbedView } from '@faena/contracts';
import { powerBiEmbedUrl } from '../lib/embed-token.ts';

type Embedded = { setAccessToken(token: string): Promise<void>; on(event: string, handler: (event?: unknown) => void): void };

/**
 * A Power BI report through powerbi-client, with the embed token the server minted for this viewer
 * (the tenant as its row-level-security identity). A new token replaces the old one in place
 * (setAccessToken) before it expires: the report is not reloaded.
 */
export function PowerBiEmbed({ embed, title, onError }: { embed: TEmbedView; title: string; onError: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const report = useRef<Embedded | null>(null);
  const given = useRef<string | null>(null);
  const tokenNow = useEffectEvent(() => embed.token);
  const fail = useEffectEvent(() => onError());

  useEffect(() => {
    let cancelled = false;
    let reset: (() => void) | null = null;
    import('powerbi-client')
      .then((pbi) => {
        const element = host.current;
        const token = tokenNow();
        if (cancelled || !element || !token) return;
        const service = new pbi.service.Service(pbi.factories.hpmFactory, pbi.factories.wpmpFactory, pbi.factories.routerFactory);
        const embedded = service.embed(element, {
          type: 'report',
          id: embed.resource_id ?? undefined,
          embedUrl: powerBiEmbedUrl(embed.url, embed.resource_id),
          accessToken: token,
          tokenType: pbi.models.TokenType.Embed,
          settings: { panes: { filters: { visible: false } } },
        }) as unknown as Embedded;
        given.current = token;
        embedded.on('error', () => fail());
        report.current = embedded;
        element.querySelector('iframe')?.setAttribute('title', title);
        reset = () => service.reset(element);
      })
      .catch(() => {
        if (!cancelled) fail();
      });
    return () => {
      cancelled = true;
      report.current = null;
      given.current = null;
      reset?.();
    };
  }, [embed.url, embed.resource_id, title]);

  // the token minted before the last one expired: handed to the running report
  useEffect(() => {
    if (!report.current || !embed.token || embed.token === given.current) return;
    given.current = embed.token;
    report.current.setAccessToken(embed.token).catch(() => fail());
  }, [embed.token]);

  return <Box ref={host} mih={520} h={{ base: 520, sm: 640 }} data-testid="report-embed-powerbi" />;
}
