import type { AppDeps } from '../../deps';
import { createInvitationRewarder } from './invitations';
import { createPackageService } from './packages.service';
import { createTopUpService } from './topups.service';

/**
 * The points economy's services, built from the app's dependencies. `jobs.charger` (pointsCharger) is the one
 * place balances change: generation charges and refunds, approved top-ups, invitation rewards, manual adjustments.
 */
export function createPointsModule(deps: Pick<AppDeps, 'db' | 'blobs' | 'jobs'>) {
  const packages = createPackageService(deps.db);
  const charger = deps.jobs.charger;
  const topUps = createTopUpService({ db: deps.db, blobs: deps.blobs, charger, packages });
  const rewardInvitation = createInvitationRewarder({ charger, packages });
  return { packages, topUps, charger, rewardInvitation };
}
export type PointsModule = ReturnType<typeof createPointsModule>;
