import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import flowJson from 'virtual:flow';
import { Studio, fetchReportFromServer } from './studio';
import { openFlow } from './open-flow';
import { browserChannel } from './live';
import { openInApp } from './persona-view';
import './studio.css';

// The personas of flows/personas/, bundled with the studio (a new file shows after a reload under npm run dev).
const personaFiles = import.meta.glob<unknown>('../../flows/personas/*.json', { eager: true, import: 'default' });
const personas = Object.entries(personaFiles)
  .map(([path, data]) => ({ file: path.split('/').at(-1) ?? path, data }))
  .sort((a, b) => a.file.localeCompare(b.file));

const root = document.getElementById('studio');
if (!root) throw new Error('the studio page has no #studio');
createRoot(root).render(
  <StrictMode>
    <Studio initial={{ name: __FLOW_FILE__, opened: openFlow(flowJson) }} openChannel={browserChannel} fetchReport={fetchReportFromServer} personas={personas} openApp={openInApp} />
  </StrictMode>,
);
