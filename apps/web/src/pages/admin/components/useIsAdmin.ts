import { useAdminSession } from '@/api/admin-session';

export function useIsAdmin(): boolean {
  return useAdminSession((s) => s.operator?.role === 'admin');
}
