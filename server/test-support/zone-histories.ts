// The server's zone histories (server/tz) for tests of the app: a component test gives the place screen the histories
// the server would send.
export { zoneHistory, tzDataVersion } from '../tz/zone-histories';
