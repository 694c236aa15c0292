import { Box } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { TEmbedView } from '@faena/contracts';
import { mintEmbed, TOKEN_MARGIN_MS } from '../lib/embed-token.ts';

/**
 * A Superset dashboard through @superset-ui/embedded-sdk. The SDK asks for a guest token when it
 * starts and again before each one expires: the first is the one the page already has, the next
 * ones are minted by the server for this viewer (the tenant in their RLS clause).
 */
export function SupersetEmbed({ reportId, embed, title, onError }: { reportId: string; embed: TEmbedView; title: string; onError: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const given = useEffectEvent(() => embed);
  const fail = useEffectEvent(() => onError());
  // the last token minted for the SDK itself
  const minted = useRef<TEmbedView | null>(null);

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | null = null;
    const fetchGuestToken = async () => {
      const page = given();
      const known = minted.current && Date.parse(minted.current.expires_at) > Date.parse(page.expires_at) ? minted.current : page;
      if (known.token && Date.parse(known.expires_at) - Date.now() > TOKEN_MARGIN_MS) return known.token;
      try {
        const fresh = await mintEmbed(reportId);
        minted.current = fresh;
        if (!fresh.token) throw new Error('no guest token');
        return fresh.token;
      } catch (error) {
        fail();
        throw error;
      }
    };
    import('@superset-ui/embedded-sdk')
      .then(({ embedDashboard }) => {
        if (cancelled || !host.current || !embed.resource_id) return;
        return embedDashboard({
          id: embed.resource_id,
          supersetDomain: embed.url,
          mountPoint: host.current,
          fetchGuestToken,
          iframeTitle: title,
          dashboardUiConfig: { hideTitle: true, filters: { expanded: false } },
        }).then((dashboard) => {
          if (cancelled) return dashboard.unmount();
          unmount = () => dashboard.unmount();
          const frame = host.current?.querySelector('iframe');
          if (frame) Object.assign(frame.style, { width: '100%', height: '100%', border: '0' });
        });
      })
      .catch(() => {
        if (!cancelled) fail();
      });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [reportId, embed.url, embed.resource_id, title]);

  return <Box ref={host} mih={520} h={{ base: 520, sm: 640 }} className="faena-superset-embed" data-testid="report-embed-superset" />;
}
