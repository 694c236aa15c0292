import { ACCESS, canAccess, type AccessContext, type AccessRule } from '../access/access.ts';

/**
 * Areas that are not menu entries of spec §2 but that a person looks for by name: the
 * organisation's profile and catalogues, documents, data sources and the personal pages. The
 * section search offers them with the menu's own entries.
 */
export interface Section {
  key: string;
  labelKey: string;
  to: string;
  access: AccessRule;
}

export const SECTIONS: readonly Section[] = [
  { key: 'organizationProfile', labelKey: 'sections.organizationProfile', to: '/organization', access: {} },
  { key: 'positions', labelKey: 'sections.positions', to: '/positions', access: ACCESS.positions },
  { key: 'venues', labelKey: 'modules.venues', to: '/venues', access: ACCESS.venues },
  { key: 'venueCategories', labelKey: 'sections.venueCategories', to: '/venue-categories', access: ACCESS.venues },
  { key: 'locations', labelKey: 'modules.locations', to: '/locations', access: ACCESS.locations },
  { key: 'blueprints', labelKey: 'modules.blueprints', to: '/blueprints', access: ACCESS.blueprints },
  { key: 'businessLines', labelKey: 'modules.businessLines', to: '/business-lines', access: ACCESS.businessLines },
  { key: 'companies', labelKey: 'modules.companies', to: '/companies', access: ACCESS.companies },
  { key: 'stores', labelKey: 'modules.stores', to: '/stores', access: ACCESS.stores },
  { key: 'documentTypes', labelKey: 'sections.documents', to: '/document-types', access: ACCESS.documentTypes },
  { key: 'dataSources', labelKey: 'modules.dataSources', to: '/fuentes-de-datos', access: ACCESS.dataSources },
  { key: 'tools', labelKey: 'sections.tools', to: '/tools', access: {} },
  { key: 'notifications', labelKey: 'sections.notifications', to: '/notifications', access: ACCESS.notifications },
  { key: 'profile', labelKey: 'shell.profile', to: '/profile', access: {} },
  { key: 'myAccount', labelKey: 'shell.myAccount', to: '/my-account', access: {} },
  { key: 'sync', labelKey: 'shell.sync', to: '/sync', access: {} },
  { key: 'settings', labelKey: 'shell.settings', to: '/settings', access: ACCESS.settings },
];

export function visibleSections(ctx: AccessContext, sections: readonly Section[] = SECTIONS): Section[] {
  return sections.filter((section) => canAccess(section.access, ctx));
}

/**
 * Other names a section is looked for by, whatever the interface language: the Spanish and
 * English names (a bilingual team types either) and common synonyms. Used only to match what is
 * typed, never shown.
 */
export const SEARCH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  home: ['Inicio', 'Home'],
  posts: ['Comunicados', 'Announcements', 'Posts', 'Noticias', 'News'],
  activities: ['Actividades', 'Activities', 'Tareas', 'Tasks', 'Calendario', 'Calendar'],
  links: ['Links de interés', 'Enlaces', 'Links'],
  reports: ['Reportes', 'Informes', 'Reports', 'Dashboards'],
  assets: ['Activos', 'Assets', 'Equipos', 'Equipment'],
  people: ['Organización', 'Personas', 'People', 'Organization', 'Colaboradores', 'Staff'],
  orgChart: ['Organigrama', 'Org chart', 'Organization chart'],
  checklists: ['Checklists', 'Inspecciones', 'Inspections'],
  audiences: ['Audiencias', 'Audiences', 'Grupos', 'Groups'],
  workflows: ['Workflows', 'Flujos', 'Procesos', 'Processes', 'Solicitudes', 'Requests'],
  checklistAdmin: ['Administración de checklists', 'Checklist administration'],
  qrGenerator: ['Generador masivo de QR', 'QR generator', 'Etiquetas', 'Labels'],
  permissionsCalculator: ['Calculadora de permisos', 'Permissions calculator', 'Permisos', 'Permissions'],
  maintenanceExecutions: ['Ejecuciones de mantenimiento', 'Maintenance executions', 'Mantenimiento', 'Maintenance'],
  organizationProfile: ['Perfil de la organización', 'Organización', 'Empresa', 'Organization profile', 'Organization', 'Company profile', 'Catálogos', 'Catalogues', 'Catalogs'],
  positions: ['Cargos', 'Puestos', 'Positions', 'Job titles', 'Roles'],
  venues: ['Sedes', 'Sucursales', 'Venues', 'Sites', 'Branches'],
  venueCategories: ['Categorías de sede', 'Venue categories'],
  locations: ['Ubicaciones', 'Locations', 'Áreas', 'Areas'],
  blueprints: ['Planos', 'Blueprints', 'Floor plans', 'Plans'],
  businessLines: ['Líneas de negocio', 'Business lines'],
  companies: ['Empresas', 'Companies', 'Contratistas', 'Contractors'],
  stores: ['Tiendas', 'Stores', 'Shops'],
  documentTypes: ['Documentos', 'Tipos de documento', 'Documents', 'Document types', 'Files', 'Archivos'],
  dataSources: ['Fuentes de datos', 'Data sources', 'Listas', 'Lists'],
  tools: ['Herramientas', 'Tools'],
  notifications: ['Notificaciones', 'Notifications', 'Avisos', 'Inbox', 'Bandeja'],
  profile: ['Perfil', 'Mi perfil', 'Profile', 'My profile'],
  myAccount: ['Mi cuenta', 'My account', 'Account', 'Contraseña', 'Password', 'Sesiones', 'Sessions'],
  sync: ['Sincronización', 'Sync', 'Offline', 'Sin conexión'],
  settings: ['Configuración', 'Ajustes', 'Settings', 'Preferences', 'Idioma', 'Language'],
};

/** Lower case without accents, so "organizacion" finds "Organización". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** True when what was typed is part of the label or of one of the section's other names. */
export function matchesSection(search: string, label: string, key: string): boolean {
  const wanted = foldForSearch(search);
  if (!wanted) return true;
  return [label, ...(SEARCH_ALIASES[key] ?? [])].some((name) => foldForSearch(name).includes(wanted));
}
