import type { UserInfo } from './auth';

/** The signed-out user (spec §3: id 0, role 1). Kept apart from the schemas so the user store ships without zod. */
export const EMPTY_USER: UserInfo = {
  id: 0,
  name: '',
  mobile: '',
  email: '',
  currentPoints: 0,
  freeTimes: 0,
  invitationCode: '',
  role: 1,
  giftedPoints: 0,
  rechargePoints: 0,
};
