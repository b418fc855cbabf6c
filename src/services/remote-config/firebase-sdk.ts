import type { FirebaseSdk } from './remote-config';

/** Firebase's app and Remote Config modules (≈19 KB gzip), loaded on demand: never in the landing bundle. */
export async function loadFirebaseSdk(): Promise<FirebaseSdk> {
  const [{ initializeApp }, rc] = await Promise.all([import('firebase/app'), import('firebase/remote-config')]);
  return {
    initializeApp,
    isSupported: rc.isSupported,
    getRemoteConfig: (app) => rc.getRemoteConfig(app),
    fetchAndActivate: rc.fetchAndActivate,
    entries: (remoteConfig) => Object.fromEntries(Object.entries(rc.getAll(remoteConfig)).map(([name, value]) => [name, { value: value.asString(), source: value.getSource() }])),
  };
}
