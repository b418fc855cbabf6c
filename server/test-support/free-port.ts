// The tests' way to the topology launcher's port picker (tests reach the server only through server/test-support).
export { freePort } from '../cluster/free-port';
