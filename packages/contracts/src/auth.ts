import { z } from 'zod';

export const ZSignInMethodName = z.enum(['PASSWORD', 'GOOGLE', 'MAGIC_LINK', 'SAML', 'OIDC', 'IMPERSONATION', 'INVITE']);

export const ZUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    tenant_id: z.string(),
    passport: z.string(),
    picture: z.string().nullable(),
    sign_in_method: z.string(),
    last_sign_in_time: z.string().nullable(),
    impersonator: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable().optional(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

export const ZTokenPair = z.object({ id_token: z.string(), refresh_token: z.string(), expires_in: z.number().int(), user: ZUser }).meta({ id: 'TokenPair' });
export type TTokenPair = z.infer<typeof ZTokenPair>;

/** PATCH /me (behind the profile_editing flag): the caller's display name and picture (a download link of an uploaded image, or null). */
export const ZUpdateMeRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  picture: z.string().max(2000).nullable().optional(),
});

export const ZPasswordSignInRequest = z.object({ email: z.string().max(320), password: z.string().max(1024) });
export const ZRefreshRequest = z.object({ refresh_token: z.string().min(1).max(512) });

export const ZCreateInviteRequest = z.object({ email: z.string().max(320), name: z.string().max(200).optional() });
export const ZInvite = z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), link: z.string(), expires_at: z.string() }).meta({ id: 'Invite' });
export const ZInvitePreview = z.object({ email: z.string(), name: z.string().nullable(), tenant_name: z.string(), expires_at: z.string() });
export const ZAcceptInviteRequest = z.object({ name: z.string().trim().min(1).max(200), password: z.string().max(1024) });

export const ZMagicLinkRequest = z.object({ email: z.string().max(320) });

/** "¿Olvidaste tu contraseña?": the e-mail of the account (decision 017). */
export const ZPasswordResetRequest = z.object({ email: z.string().max(320) });
/** What a reset link opens: whose password it changes, until when. */
export const ZPasswordResetPreview = z.object({ email: z.string(), expires_at: z.string() }).meta({ id: 'PasswordResetPreview' });
export type TPasswordResetPreview = z.infer<typeof ZPasswordResetPreview>;
export const ZPasswordResetConfirm = z.object({ password: z.string().max(200) });
export const ZMagicLinkSignInRequest = z.object({
  email: z.string().max(320),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  token: z.string().max(512).optional(),
});

export const ZImpersonateRequest = z.object({ person_id: z.string() });

export const ZOutboxMessage = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
