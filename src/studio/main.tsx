import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import flowJson from 'virtual:flow';
import { Studio, fetchReportFromServer } from './studio';
import { openFlow } from './open-flow';
import { browserChannel } from './live';
import './studio.css';

const root = document.getElementById('studio');
if (!root) throw new Error('the studio page has no #studio');
createRoot(root).render(
  <StrictMode>
    <Studio initial={{ name: __FLOW_FILE__, opened: openFlow(flowJson) }} openChannel={browserChannel} fetchReport={fetchReportFromServer} />
  </StrictMode>,
);
