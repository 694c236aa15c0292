import { eq } from 'drizzle-orm';
import { rutCheckDigit, ZFormDefinition, type PermissionKey } from '@faena/domain';
import type { Platform } from '../../platform/platform.ts';
import { insertAudience } from '../audiences/index.ts';
import { insertItem, insertLocation, insertVenue, type ItemKind } from '../catalogs/index.ts';
import { insertDataSource, insertRow } from '../data-sources/index.ts';
import { insertForm } from '../forms/index.ts';
import { seedImportHistory } from '../imports/index.ts';
import { hasPositions, insertPosition, setHolders, setParents } from '../org-chart/index.ts';
import { mergePassportPermissions } from '../permissions/index.ts';
import { personColumns, updatePerson, type DocumentValue, type PersonFields, type PersonRow } from './people.repository.ts';
import { persons, type PhoneValue } from './people.table.ts';

/** A valid RUT "12345678-5" for a body. */
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

/** A Chilean mobile number as the person form stores it. */
const mobile = (n: number) => `+569${String(n).padStart(8, '0')}`;

const STREETS = [
  'Av. Vicuña Mackenna 3250, Macul',
  'Pasaje Los Aromos 1432, Puente Alto',
  'Calle Maipú 845, Santiago',
  'Av. La Florida 9870, La Florida',
  'Los Carrera 1120, San Bernardo',
  'Av. Grecia 2315, Ñuñoa',
  'Camino a Melipilla 11200, Maipú',
  'Av. Independencia 1777, Independencia',
  'Santa Rosa 6540, La Granja',
  'Av. Pajaritos 4300, Maipú',
];

interface Seat {
  code: string;
  title: string;
  department: string;
  parents: string[];
  defaults: PermissionKey[];
}

/**
 * The organisation chart: root → management → heads → roles, with one position of two parents
 * (risk prevention answers to people and operations). A holder receives the defaults, as in the
 * product; the seeded accounts hold positions whose defaults they have already, so their
 * permission sets stay exactly those of seed/demo.ts.
 */
const SEATS: Seat[] = [
  { code: 'GG', title: 'Gerente General', department: 'Gerencia General', parents: [], defaults: ['VIEW_PEOPLE', 'VIEW_ORG_CHART'] },
  { code: 'GOP', title: 'Gerente de Operaciones', department: 'Operaciones', parents: ['GG'], defaults: ['VIEW_PEOPLE', 'VIEW_ORG_CHART', 'VIEW_REPORTS'] },
  { code: 'GPE', title: 'Gerenta de Personas', department: 'Personas', parents: ['GG'], defaults: ['VIEW_PEOPLE', 'MANAGE_PEOPLE', 'VIEW_ORG_CHART'] },
  { code: 'GAF', title: 'Gerente de Administración y Finanzas', department: 'Administración y Finanzas', parents: ['GG'], defaults: ['VIEW_PEOPLE', 'VIEW_REPORTS'] },
  { code: 'GCO', title: 'Gerenta Comercial', department: 'Comercial', parents: ['GG'], defaults: ['VIEW_PEOPLE', 'VIEW_REPORTS'] },
  { code: 'SGL', title: 'Subgerente de Logística', department: 'Logística', parents: ['GOP'], defaults: ['VIEW_PEOPLE', 'VIEW_ORG_CHART'] },
  { code: 'JBO', title: 'Jefe de Bodega', department: 'Logística', parents: ['SGL'], defaults: ['VIEW_TASKS', 'VIEW_WF'] },
  { code: 'OPB', title: 'Operario de Bodega', department: 'Logística', parents: ['JBO'], defaults: ['VIEW_TASKS', 'VIEW_WF'] },
  { code: 'OGH', title: 'Operador de Grúa Horquilla', department: 'Logística', parents: ['JBO'], defaults: ['VIEW_TASKS', 'VIEW_WF'] },
  { code: 'JTR', title: 'Jefa de Transporte', department: 'Logística', parents: ['SGL'], defaults: ['VIEW_TASKS', 'VIEW_WF'] },
  { code: 'CDR', title: 'Conductor', department: 'Logística', parents: ['JTR'], defaults: ['VIEW_TASKS'] },
  { code: 'JTI', title: 'Jefa de Tiendas', department: 'Tiendas', parents: ['GOP'], defaults: ['VIEW_PEOPLE', 'VIEW_ORG_CHART', 'VIEW_REPORTS', 'MANAGE_REPORTS'] },
  { code: 'SUT', title: 'Supervisor de Tienda', department: 'Tiendas', parents: ['JTI'], defaults: ['VIEW_TASKS', 'VIEW_WF', 'VIEW_REPORTS'] },
  { code: 'VEN', title: 'Vendedor', department: 'Tiendas', parents: ['SUT'], defaults: ['VIEW_TASKS'] },
  { code: 'CAJ', title: 'Cajero', department: 'Tiendas', parents: ['SUT'], defaults: ['VIEW_TASKS'] },
  { code: 'GSE', title: 'Guardia de Seguridad', department: 'Operaciones', parents: ['GOP'], defaults: ['VIEW_TASKS'] },
  { code: 'ARE', title: 'Analista de Remuneraciones', department: 'Personas', parents: ['GPE'], defaults: ['VIEW_PEOPLE'] },
  { code: 'PRV', title: 'Prevencionista de Riesgos', department: 'Personas', parents: ['GPE', 'GOP'], defaults: ['VIEW_PEOPLE', 'VIEW_TASKS', 'VIEW_REPORTS'] },
  { code: 'CTB', title: 'Contador', department: 'Administración y Finanzas', parents: ['GAF'], defaults: ['VIEW_REPORTS'] },
  { code: 'TES', title: 'Tesorera', department: 'Administración y Finanzas', parents: ['GAF'], defaults: ['VIEW_REPORTS'] },
  { code: 'EJC', title: 'Ejecutivo Comercial', department: 'Comercial', parents: ['GCO'], defaults: ['VIEW_REPORTS'] },
];

/** Who holds what: seeded accounts by e-mail, the 40 seeded workers by their place in name order. */
const HOLDERS: Record<string, (string | number)[]> = {
  GG: ['admin@faena.test'],
  GOP: [0],
  GPE: ['rrhh@faena.test'],
  GAF: [1],
  GCO: [2],
  SGL: [3],
  JBO: [4],
  OPB: ['operario@faena.test', 5, 6, 7, 8, 9, 10, 11, 12],
  OGH: [13, 14],
  JTR: [15],
  CDR: [16, 17],
  JTI: ['supervisora@faena.test'],
  SUT: [18, 19],
  VEN: [20, 21, 22, 23, 24, 25],
  CAJ: [26, 27, 28],
  GSE: [36, 37],
  ARE: [29],
  PRV: [30],
  CTB: [31],
  TES: [32],
  EJC: [33, 34, 35],
};

/**
 * Sample directory data for the demo tenant, so that every directory screen has something real
 * to show: catalogues (business lines, venue categories, blueprints, companies, stores), venues
 * and a location tree, an organisation chart of five levels with the seeded people in it, every
 * person with a RUT, phones, an address, business lines and workspaces, audiences, two data
 * sources, a form that reads them and an import history. Runs once, after seed/demo.ts has created the people; a tenant
 * that has positions already is left alone.
 */
export async function seedDemoDirectory(platform: Platform, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    if (await hasPositions(tx, tenantId)) return;

    const item = async (kind: ItemKind, name: string, code: string, description: string | null = null) => (await insertItem(tx, { tenantId, kind, name, code, description })).id;
    const retail = await item('business-line', 'Retail', 'LN-RET', 'Tiendas y venta al público');
    const logistics = await item('business-line', 'Logística', 'LN-LOG', 'Centros de distribución y transporte');
    const corporate = await item('business-line', 'Servicios corporativos', 'LN-COR', 'Casa matriz y áreas de apoyo');
    const offices = await item('venue-category', 'Oficinas', 'CAT-OFI');
    const warehouse = await item('venue-category', 'Centro de distribución', 'CAT-CD');
    const mall = await item('venue-category', 'Tienda en mall', 'CAT-MALL');
    const street = await item('venue-category', 'Tienda a la calle', 'CAT-CALLE');
    const hqPlan = await item('blueprint', 'Plano Casa Matriz, piso 1', 'PL-HQ-1');
    const hqPlan3 = await item('blueprint', 'Plano Casa Matriz, piso 3', 'PL-HQ-3');
    const dcPlan = await item('blueprint', 'Layout Centro de Distribución Sur', 'PL-CDS');
    const guards = await item('company', 'Servicios Integrales SpA', 'EMP-SIS', 'Guardias y aseo');
    const trucks = await item('company', 'Transportes del Sur Ltda.', 'EMP-TSUR', 'Flota de despacho');
    await item('company', 'Aseo Total Ltda.', 'EMP-ASEO');
    await item('store', 'Tienda 101 Costanera Center', 'ST-101');
    await item('store', 'Tienda 102 Plaza Egaña', 'ST-102');
    await item('store', 'Tienda 103 Viña del Mar', 'ST-103');
    await item('store', 'Tienda 104 Punta Arenas', 'ST-104');

    const venue = async (code: string, name: string, address: string, businessLineId: string, categoryIds: string[], gla: number, extraData: Record<string, unknown>, timezone = 'America/Santiago') =>
      (await insertVenue(tx, { tenantId, name, code, address, country: 'CL', timezone, businessLineId, categoryIds, gla, extraData })).id;
    const hq = await venue('HQ', 'Casa Matriz', 'Av. Apoquindo 4500, Las Condes, Santiago', corporate, [offices], 3200, { pisos: 5, estacionamientos: 80 });
    const dcSouth = await venue('CDS', 'Centro de Distribución Sur', 'Ruta 5 Sur km 20, San Bernardo', logistics, [warehouse], 18000, { andenes: 24, camara_frio: true });
    const dcNorth = await venue('CDN', 'Centro de Distribución Norte', 'Av. Pedro Aguirre Cerda 10500, Antofagasta', logistics, [warehouse], 9500, { andenes: 10 });
    const costanera = await venue('TCO', 'Tienda Costanera Center', 'Av. Andrés Bello 2425, local 3120, Providencia', retail, [mall], 850, { local: '3120' });
    const egana = await venue('TPE', 'Tienda Plaza Egaña', 'Av. Larraín 5862, local 215, La Reina', retail, [mall], 620, { local: '215' });
    const vina = await venue('TVM', 'Tienda Viña del Mar', 'Av. Valparaíso 555, Viña del Mar', retail, [street], 410, {});
    await venue('TPA', 'Tienda Punta Arenas', 'Av. Bulnes 01080, Punta Arenas', retail, [mall, street], 380, {}, 'America/Punta_Arenas');

    const location = async (code: string, name: string, venueId: string, parentId: string | null = null, blueprintId: string | null = null) =>
      (await insertLocation(tx, { tenantId, code, name, venueId, parentId, blueprintId })).id;
    const floor1 = await location('HQ-P1', 'Piso 1', hq, null, hqPlan);
    await location('HQ-P1-REC', 'Recepción', hq, floor1, hqPlan);
    await location('HQ-P1-CAS', 'Casino', hq, floor1, hqPlan);
    const floor3 = await location('HQ-P3', 'Piso 3', hq, null, hqPlan3);
    await location('HQ-P3-SLA', 'Sala de reuniones Los Andes', hq, floor3, hqPlan3);
    await location('HQ-P3-GER', 'Gerencia', hq, floor3, hqPlan3);
    const docks = await location('CDS-AND', 'Andenes', dcSouth, null, dcPlan);
    await location('CDS-AND-01', 'Andén 1', dcSouth, docks, dcPlan);
    await location('CDS-AND-02', 'Andén 2', dcSouth, docks, dcPlan);
    const picking = await location('CDS-PCK', 'Zona de picking', dcSouth, null, dcPlan);
    await location('CDS-PCK-A', 'Pasillo A', dcSouth, picking, dcPlan);
    await location('CDS-PCK-B', 'Pasillo B', dcSouth, picking, dcPlan);
    await location('CDS-FRIO', 'Cámara de frío', dcSouth, null, dcPlan);
    await location('CDN-AND', 'Andenes', dcNorth);
    const salesFloor = await location('TCO-SV', 'Sala de ventas', costanera);
    await location('TCO-SV-PRB', 'Probadores', costanera, salesFloor);
    await location('TCO-BOD', 'Bodega de trastienda', costanera);
    await location('TPE-SV', 'Sala de ventas', egana);
    await location('TVM-SV', 'Sala de ventas', vina);

    // people: the seeded accounts and the 40 seeded workers, in name order
    const everyone: PersonRow[] = await tx.select(personColumns).from(persons).where(eq(persons.tenantId, tenantId)).orderBy(persons.sortName, persons.id);
    const byEmail = new Map(everyone.map((person) => [person.primaryEmail, person]));
    const workers = everyone.filter((person) => person.userId === null);
    const holder = (ref: string | number) => (typeof ref === 'number' ? workers[ref] : byEmail.get(ref));
    const seatOf = new Map<string, string>();
    for (const [code, refs] of Object.entries(HOLDERS)) for (const ref of refs) if (holder(ref)) seatOf.set(holder(ref)!.id, code);

    const placeOf = (code: string | undefined): { lines: string[]; venues: string[]; roles: string[] } => {
      switch (code) {
        case 'OPB':
        case 'OGH':
        case 'JBO':
          return { lines: [logistics], venues: [dcSouth], roles: ['Operario'] };
        case 'JTR':
        case 'CDR':
          return { lines: [logistics], venues: [dcSouth, dcNorth], roles: ['Transporte'] };
        case 'SGL':
          return { lines: [logistics], venues: [dcSouth, dcNorth, hq], roles: ['Jefatura'] };
        case 'JTI':
          return { lines: [retail], venues: [costanera, egana, vina, hq], roles: ['Jefatura'] };
        case 'SUT':
        case 'VEN':
        case 'CAJ':
          return { lines: [retail], venues: [code === 'CAJ' ? egana : costanera], roles: ['Tienda'] };
        case 'GSE':
          return { lines: [logistics, retail], venues: [dcSouth, costanera], roles: ['Seguridad'] };
        case 'GOP':
          return { lines: [retail, logistics], venues: [hq, dcSouth], roles: ['Gerencia'] };
        case 'PRV':
          return { lines: [retail, logistics, corporate], venues: [hq, dcSouth, costanera], roles: ['Prevención'] };
        case undefined:
          return { lines: [corporate], venues: [hq], roles: ['Administrativo'] };
        default:
          return { lines: [corporate], venues: [hq], roles: code.startsWith('G') ? ['Gerencia'] : ['Administrativo'] };
      }
    };

    for (const [i, person] of everyone.entries()) {
      const code = seatOf.get(person.id);
      const place = placeOf(code);
      // guards come from a security contractor, drivers from a transport company
      const companyId = code === 'GSE' ? guards : code === 'CDR' ? trucks : null;
      const origin = companyId ? 'CONTRACTOR_BUSINESS' : code === 'EJC' && i % 2 === 0 ? 'BUSINESS_PARTNER' : 'OWN_ORGANIZATION';
      const phones: PhoneValue[] = [{ number: mobile(71_230_000 + i * 7919), label: 'Móvil' }];
      if (i % 4 === 0) phones.push({ number: `+5622${String(4_410_000 + i * 13)}`, label: 'Trabajo' });
      const documents: DocumentValue[] = [{ type: 'CL_CI', number: rut(12_000_000 + ((i * 389_111) % 9_000_000)) }];
      // one colleague from Venezuela also has a passport
      if (i === 17) documents.push({ type: 'PASSPORT', number: 'V2845173' });
      const fields: PersonFields = {
        name: person.name,
        primaryEmail: person.primaryEmail,
        roles: place.roles,
        groups: place.roles[0] === 'Operario' || place.roles[0] === 'Seguridad' ? [i % 2 ? 'Turno noche' : 'Turno día'] : [],
        otherEmails: i % 5 === 1 && person.primaryEmail ? [person.primaryEmail.replace('@faena.test', '@gmail.com')] : [],
        phones,
        address: STREETS[i % STREETS.length]!,
        photoUploadId: null,
        origin,
        companyId,
        businessLineIds: place.lines,
        workspaceIds: place.venues,
      };
      await updatePerson(tx, tenantId, person.id, fields, documents);
    }

    const seatIds = new Map<string, string>();
    for (const seat of SEATS) {
      const created = await insertPosition(tx, { tenantId, title: seat.title, department: seat.department, code: seat.code, isRoot: seat.parents.length === 0, defaultPermissionList: seat.defaults });
      seatIds.set(seat.code, created.id);
      if (seat.parents.length > 0)
        await setParents(
          tx,
          tenantId,
          created.id,
          seat.parents.map((code) => seatIds.get(code)!),
        );
      const held = (HOLDERS[seat.code] ?? []).flatMap((ref) => (holder(ref) ? [holder(ref)!] : []));
      await setHolders(
        tx,
        tenantId,
        created.id,
        held.map((person) => person.id),
      );
      await mergePassportPermissions(
        tx,
        tenantId,
        held.map((person) => person.passport),
        seat.defaults,
      );
    }

    const rules = (partial: Partial<{ positions: string[]; venues: string[]; business_lines: string[]; persons: string[] }>) => ({
      positions: [],
      venues: [],
      business_lines: [],
      persons: [],
      ...partial,
    });
    await insertAudience(tx, {
      tenantId,
      name: 'Equipo de tiendas',
      description: 'Jefatura, supervisores, vendedores y cajeros',
      rules: rules({ positions: ['JTI', 'SUT', 'VEN', 'CAJ'].map((code) => seatIds.get(code)!) }),
    });
    await insertAudience(tx, { tenantId, name: 'Centro de Distribución Sur', description: 'Quienes trabajan en el CD Sur', rules: rules({ venues: [dcSouth] }) });
    await insertAudience(tx, { tenantId, name: 'Línea Logística', description: null, rules: rules({ business_lines: [logistics] }) });
    const committee = [0, 13, 20, 29, 30].flatMap((n) => (workers[n] ? [workers[n].id] : []));
    await insertAudience(tx, {
      tenantId,
      name: 'Comité paritario',
      description: 'Integrantes del comité de higiene y seguridad',
      rules: rules({ persons: committee, positions: [seatIds.get('PRV')!] }),
    });

    // sizes read smallest to largest, not alphabetically: a source in manual order (decision 018)
    const sizes = await insertDataSource(tx, { tenantId, name: 'Tallas de uniforme', description: 'Tallas de ropa de trabajo y EPP', rowOrder: 'manual' });
    const sizeRows: [string, string][] = [
      ['XS', 'Extra pequeña'],
      ['S', 'Pequeña'],
      ['M', 'Mediana'],
      ['L', 'Grande'],
      ['XL', 'Extra grande'],
      ['XXL', 'Doble extra grande'],
    ];
    for (const [key, label] of sizeRows) await insertRow(tx, { tenantId, dataSourceId: sizes.id, key, label });
    const regions = await insertDataSource(tx, { tenantId, name: 'Regiones de Chile', description: 'Para direcciones y zonas de despacho' });
    const regionRows: [string, string, boolean?][] = [
      ['XV', 'Arica y Parinacota'],
      ['I', 'Tarapacá'],
      ['II', 'Antofagasta'],
      ['III', 'Atacama'],
      ['IV', 'Coquimbo'],
      ['V', 'Valparaíso'],
      ['RM', 'Metropolitana de Santiago'],
      ['VI', "Libertador General Bernardo O'Higgins"],
      ['VII', 'Maule'],
      ['XVI', 'Ñuble'],
      ['VIII', 'Biobío'],
      ['IX', 'La Araucanía'],
      ['XIV', 'Los Ríos'],
      ['X', 'Los Lagos'],
      ['XI', 'Aysén del General Carlos Ibáñez del Campo'],
      ['XII', 'Magallanes y de la Antártica Chilena'],
      // the old code of Biobío before Ñuble was split off, kept inactive
      ['VIII-A', 'Biobío (hasta 2018)', false],
    ];
    for (const [key, label, isActive] of regionRows) await insertRow(tx, { tenantId, dataSourceId: regions.id, key, label, isActive: isActive ?? true });

    // A form that reads both sources, so a source's detail says who uses it.
    await insertForm(tx, tenantId, {
      name: 'Solicitud de ropa de trabajo',
      personId: byEmail.get('rrhh@faena.test')!.id,
      definition: ZFormDefinition.parse([
        { id: 1, type: 'display_text', text: '<p>Pide aquí tu ropa de trabajo y EPP. Recursos Humanos la despacha a tu sede.</p>' },
        { id: 2, type: 'data_source', name: 'talla_polera', label: 'Talla de polera', required: true, data_source_id: sizes.id },
        { id: 3, type: 'data_source', name: 'talla_parka', label: 'Talla de parka', data_source_id: sizes.id },
        { id: 4, type: 'integer', name: 'cantidad', label: 'Cantidad de juegos', required: true, min: 1, max: 3 },
        { id: 5, type: 'data_source', name: 'region', label: 'Región de despacho', required: true, data_source_id: regions.id },
        { id: 6, type: 'text', name: 'comentarios', label: 'Comentarios' },
      ]),
    });

    await seedImportHistory(tx, tenantId, sizes.id, sizeRows, byEmail.get('admin@faena.test')!.id, byEmail.get('rrhh@faena.test')!.id);
  });
}
