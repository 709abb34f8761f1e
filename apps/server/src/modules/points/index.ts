import type { AppDeps } from '../../deps';
import { filesPool } from '../../jobs/files-pool';
import { createInvitationRewarder } from './invitations';
import { createPackageService } from './packages.service';
import { createTopUpService } from './topups.service';

/**
 * The points economy's services, built from the app's dependencies. `jobs.charger` (pointsCharger) is the one
 * place balances change: generation charges and refunds, approved top-ups, invitation rewards, manual adjustments.
 */
export function createPointsModule(deps: Pick<AppDeps, 'db' | 'blobs' | 'jobs' | 'dialect'>) {
  const packages = createPackageService(deps.db);
  const charger = deps.jobs.charger;
  // PDF vouchers are drawn in the process's untrusted-file thread, looked up on each use (its log is set after this).
  const pages = { voucherPage: (pdf: Uint8Array) => filesPool().voucherPage(pdf) };
  const topUps = createTopUpService({ db: deps.db, blobs: deps.blobs, charger, packages, dialect: deps.dialect, pages });
  const rewardInvitation = createInvitationRewarder({ charger, packages });
  return { packages, topUps, charger, rewardInvitation };
}
export type PointsModule = ReturnType<typeof createPointsModule>;
