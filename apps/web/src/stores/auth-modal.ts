import { create } from 'zustand';

/** The login/register modal: open state and which view is showing. */
export type AuthView = 'login' | 'register';

interface AuthModalState {
  open: boolean;
  view: AuthView;
  show: (view?: AuthView) => void;
  setView: (view: AuthView) => void;
  hide: () => void;
}

export const useAuthModal = create<AuthModalState>()((set) => ({
  open: false,
  view: 'login',
  show: (view = 'login') => set({ open: true, view }),
  setView: (view) => set({ view }),
  hide: () => set({ open: false }),
}));
