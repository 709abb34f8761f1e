/**
 * Navigation from outside React (the request layer's forced sign-out). The router registers its
 * `navigate` at start-up; before that a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => {
  if (typeof window !== 'undefined' && window.location.pathname !== to) window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
