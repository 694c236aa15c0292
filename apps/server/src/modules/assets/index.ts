/** The assets module's public face (decision 028): its routes, and what other modules may use. */
export { assetsRoutes } from './assets.routes.ts';
export { seedDemoAssets } from './assets.seed.ts';
export {
  assetRefs,
  inspectedAsset,
  inspectionMaintenances,
  openInspectionCorrectives,
  seesAssets,
  type FailedInspectionItem,
  type InspectedAsset,
  type InspectionMaintenance,
} from './assets.inspections.ts';
