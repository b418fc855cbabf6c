import { JsonFilePicker } from './file-picker';
import { useState } from 'react';
import type { Flow } from '../engine/generated/flow-types';
import { diffFlows } from '../engine/flow-diff';
import { productKinds } from '../engine/kinds/product-kinds';
import { readFlowText, type OpenedFlow } from './open-flow';

/**
 * What changed from a flow file the editor picks (the version they started from, say) to the flow in view (their
 * edit): a screen the edit added is added (+), one it removed is removed (−), by screen id.
 */
export function DiffView({ flow, name }: { flow: Flow; name: string }) {
  const [other, setOther] = useState<{ name: string; opened: OpenedFlow } | null>(null);
  const pick = async (file: File) => {
    setOther({ name: file.name, opened: readFlowText(await file.text()) });
  };
  const differences = other?.opened.flow ? diffFlows(other.opened.flow, flow, productKinds) : null;
  return (
    <section aria-labelledby="diff-heading" className="panel">
      <h2 id="diff-heading">Flow diff</h2>
      <p>
        From a flow file you choose (the version you started from) to <strong>{name}</strong>: screens, transitions, conditions, texts, options,
        flags and events your edit added (+), removed (−) and changed (~), by screen id. The same list as{' '}
        <code>npm run flow:diff -- CHOSEN.json {name}</code>.
      </p>
      <JsonFilePicker label="Compare with a flow file" onFile={(file) => void pick(file)} />
      {other && !other.opened.flow ? (
        <div role="alert" className="problems-box">
          <p>{other.name} is not a flow the checker can read:</p>
          <ul>
            {other.opened.problems.map((p) => (
              <li key={`${p.pointer} ${p.message}`}>
                <code>{p.pointer}</code> {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {differences ? (
        <>
          <h3>
            {differences.length === 0 ? `No difference between ${other?.name ?? ''} and ${name}` : `${differences.length} difference${differences.length === 1 ? '' : 's'} from ${other?.name ?? ''} to ${name}`}
          </h3>
          <ul className="diff">
            {differences.map((line, i) => (
              <li key={i} className={`diff-${line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'changed'}`}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
