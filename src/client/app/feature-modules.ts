import type { FeatureModule } from './feature-module';

// Every feature may contribute routes and sidebar entries by exporting `module` from its module.tsx.
const found = import.meta.glob<{ module: FeatureModule }>('../features/*/module.tsx', { eager: true });

export const featureModules: FeatureModule[] = Object.keys(found)
  .sort()
  .map((path) => found[path]?.module)
  .filter((module): module is FeatureModule => Boolean(module));
