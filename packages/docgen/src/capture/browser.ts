import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Where Chrome, Edge and Chromium are installed by their own installers and by the usual package managers, per
 * platform, in the order they are tried. `env` supplies %ProgramFiles%, %ProgramFiles(x86)%, %LocalAppData% and HOME.
 */
export function browserCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'win32') {
    const roots = [env['ProgramFiles'] ?? 'C:\\Program Files', env['ProgramFiles(x86)'] ?? 'C:\\Program Files (x86)', env['LocalAppData']].filter((r): r is string => Boolean(r));
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe', 'Chromium\\Application\\chrome.exe'];
    return apps.flatMap((a) => roots.map((r) => path.win32.join(r, a)));
  }
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge', 'Chromium.app/Contents/MacOS/Chromium'];
    const roots = ['/Applications', ...(env.HOME ? [path.posix.join(env.HOME, 'Applications')] : [])];
    return apps.flatMap((a) => roots.map((r) => path.posix.join(r, a)));
  }
  return [
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
    '/opt/microsoft/msedge/msedge',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
  ];
}

/** The first installed browser of `browserCandidates` (CHROME_PATH first when set), or undefined. Never downloads one. */
export function findBrowser(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, exists: (p: string) => boolean = existsSync): string | undefined {
  const list = [...(env.CHROME_PATH ? [env.CHROME_PATH] : []), ...browserCandidates(platform, env)];
  return list.find((p) => exists(p));
}
