import { PAGE_FLOW_ELEMENT_ID, type PageFlow } from '../shared/page-flow';

/**
 * The flow version the server served this page (its inline JSON, src/shared/page-flow.ts), read once. Null on a page
 * without one (a test's bare document).
 */
let read: PageFlow | null | undefined;
export function readPageFlow(): PageFlow | null {
  if (read === undefined) {
    const text = document.getElementById(PAGE_FLOW_ELEMENT_ID)?.textContent;
    read = text ? (JSON.parse(text) as PageFlow) : null;
  }
  return read;
}
