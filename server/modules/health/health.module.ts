import type { Platform } from '../../platform/platform.ts';
import { registerHealthRoutes } from './health.routes.ts';

/** Liveness and readiness (`/api/health`, `/api/ready`). */
export function createHealthModule(platform: Platform): void {
  const { app, database, storage, shutdown } = platform;
  registerHealthRoutes(app, { database, storage, shutdown });
}
