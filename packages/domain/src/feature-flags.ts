/**
 * Feature flags (spec shell §3 and forms §5/§9). Values are booleans once parsed; on the wire
 * (client configuration) each one is the text "true" or "false".
 * PRODUCTION_FLAGS are the production build's values: what a new tenant gets.
 */
export const PRODUCTION_FLAGS = {
  // on in production
  data_sources: true,
  document_manager: true,
  modules: true,
  upload_documents: true,
  manage_positions: true,
  massive_person_upload: true,
  multiple_element_fields: true,
  validators: true,
  kanban: true,
  workflow_execution_side_panel: true,
  exclusive_gateway: true,
  user_task_notification_config: true,
  task_manager_home: true,
  plural_image_inputs: true,
  // off in production
  assets: false,
  assets_tab: false,
  asset_admin: false,
  recurrence: false,
  settings: false,
  profile_editing: false,
  qr_generator: false,
  org_chart: false,
  reports_by_email: false,
  magic_link: false,
  oidc: false,
  saml: false,
  heic_images: false,
  tiff_images: false,
  file_allowed_formats_validator: false,
} as const;

export type FeatureFlag = keyof typeof PRODUCTION_FLAGS;
export type FeatureFlags = Record<FeatureFlag, boolean>;
export const FEATURE_FLAG_NAMES = Object.keys(PRODUCTION_FLAGS) as FeatureFlag[];

/** Every flag on: the demo tenant shows the whole product. */
export const ALL_FLAGS_ON: FeatureFlags = Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, true])) as FeatureFlags;

/** Stored flags may be partial (older rows): fill the gaps with the production defaults. */
export function resolveFlags(stored: Partial<Record<string, unknown>> | null | undefined): FeatureFlags {
  const flags = { ...PRODUCTION_FLAGS } as FeatureFlags;
  for (const name of FEATURE_FLAG_NAMES) {
    const value = stored?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

/** Modules a tenant may disable (spec shell §1). */
export const TOGGLEABLE_MODULES = ['asset', 'store', 'location', 'company', 'business_line'] as const;
export type ToggleableModule = (typeof TOGGLEABLE_MODULES)[number];
