import type { AdminDashboard, DashboardCounts, DashboardDay } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The service's day is China Standard Time (UTC+8, no daylight saving). */
const CST_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an ISO timestamp in UTC+8. */
export const cstDate = (iso: string | Date): string => new Date(new Date(iso).getTime() + CST_MS).toISOString().slice(0, 10);

/**
 * The dashboard: per day (UTC+8) over the last 30 days — new users, generations succeeded / failed (generation
 * jobs by the day they finished), points sold (recharge points of top-up orders approved that day; gifted points
 * of a package are not counted as sold) — with today's and the 30-day totals, failed jobs, top-ups waiting for
 * review, and open corrections whose deadline is within 7 days (or already passed).
 */
export async function readDashboard(db: Kysely<Database>, now = new Date()): Promise<AdminDashboard> {
  const today = cstDate(now);
  const firstDay = new Date(Date.parse(`${today}T00:00:00+08:00`) - 29 * DAY_MS);
  const since = firstDay.toISOString();
  const [users, jobs, sold] = await Promise.all([
    db.selectFrom('users').select('created_at').where('created_at', '>=', since).execute(),
    db.selectFrom('generation_jobs').select(['state', 'finished_at']).where('finished_at', '>=', since).where('state', 'in', ['succeeded', 'failed']).execute(),
    db.selectFrom('top_up_orders').select(['recharge_points', 'reviewed_at']).where('state', '=', 'credited').where('reviewed_at', '>=', since).execute(),
  ]);
  // Open = not yet answered with generated materials and not cancelled; deadline is a YYYY-MM-DD (notice date + 30 days).
  const inAWeek = cstDate(new Date(now.getTime() + 7 * DAY_MS));
  const corrections = await db
    .selectFrom('corrections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'not in', ['generated', 'cancelled'])
    .where('deadline', '<=', inAWeek)
    .executeTakeFirstOrThrow();
  const pending = await db.selectFrom('top_up_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'pending_review').executeTakeFirstOrThrow();

  const days: DashboardDay[] = Array.from({ length: 30 }, (_, i) => ({
    date: cstDate(new Date(firstDay.getTime() + i * DAY_MS)),
    newUsers: 0,
    generationsSucceeded: 0,
    generationsFailed: 0,
    pointsSold: 0,
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const u of users) {
    const d = byDate.get(cstDate(u.created_at));
    if (d) d.newUsers++;
  }
  for (const j of jobs) {
    const d = j.finished_at ? byDate.get(cstDate(j.finished_at)) : undefined;
    if (d && j.state === 'succeeded') d.generationsSucceeded++;
    if (d && j.state === 'failed') d.generationsFailed++;
  }
  for (const o of sold) {
    const d = o.reviewed_at ? byDate.get(cstDate(o.reviewed_at)) : undefined;
    if (d) d.pointsSold += o.recharge_points;
  }
  const sum = (list: DashboardDay[]): DashboardCounts => ({
    newUsers: list.reduce((n, d) => n + d.newUsers, 0),
    generationsSucceeded: list.reduce((n, d) => n + d.generationsSucceeded, 0),
    generationsFailed: list.reduce((n, d) => n + d.generationsFailed, 0),
    pointsSold: list.reduce((n, d) => n + d.pointsSold, 0),
  });
  return {
    today: sum(days.filter((d) => d.date === today)),
    last30Days: sum(days),
    days,
    failedJobs: sum(days).generationsFailed,
    pendingTopUps: Number(pending.n),
    correctionsNearDeadline: Number(corrections.n),
  };
}
