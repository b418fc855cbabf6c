import { formatReadout, type ExperimentReport } from '../shared/experiment-readout';

const { percent, money, perVisitor, interval } = formatReadout;
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '–');

/**
 * An experiment's readout as the editor API answers it, written as `npm run funnel:report -- --experiment` writes it:
 * each arm's visitors, payments and revenue from the server's records, the probability that each is best and the
 * expected loss of choosing it; the sample ratio check (a mismatch in red, with its reason) and what is still too few
 * to judge by.
 */
export function ExperimentReadoutTable({ report }: { report: ExperimentReport }) {
  const { experiment, ratioCheck } = report;
  const currencies = [...new Set(report.arms.flatMap((arm) => arm.revenue.map((r) => r.currency)))];
  const state = experiment.state === 'running' ? `running since ${when(experiment.createdAt)}` : `stopped ${when(experiment.stoppedAt)}, version ${experiment.winner} published`;
  const mismatch = report.notes.filter((note) => note.startsWith('Sample ratio mismatch'));
  const others = report.notes.filter((note) => !note.startsWith('Sample ratio mismatch'));
  return (
    <div className="readout">
      {mismatch.map((note) => (
        <p key={note} role="alert" className="problems-box">
          Not to be trusted. {note}
        </p>
      ))}
      {/* Wider than a phone: the region scrolls, and the keyboard can scroll it too. */}
      <div className="versions-scroll" role="region" aria-label={`Readout of ${experiment.name}`} tabIndex={0}>
        <table className="versions readout-table">
          <caption>
            {experiment.name}: {state}
          </caption>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              <th scope="col">Weight</th>
              <th scope="col">Exposed</th>
              <th scope="col">Gave email</th>
              <th scope="col">Started checkout</th>
              <th scope="col">Paid</th>
              <th scope="col">Paid rate (95% interval)</th>
              <th scope="col">P(best), paid</th>
              <th scope="col">Expected loss, paid</th>
              {currencies.map((currency) => (
                <th key={`${currency}-columns`} scope="col" colSpan={3}>
                  Revenue {currency}: total · per visitor (95% interval) · P(best)
                </th>
              ))}
              {currencies.length === 0 ? <th scope="col">Revenue</th> : null}
            </tr>
          </thead>
          <tbody>
            {report.arms.map((arm) => (
              <tr key={arm.version}>
                <th scope="row">v{arm.version}</th>
                <td>{arm.weight}</td>
                <td>{arm.exposed}</td>
                <td>{arm.gaveEmail}</td>
                <td>{arm.startedCheckout}</td>
                <td>{arm.paid}</td>
                <td>
                  {percent(arm.conversion.rate)} ({interval(arm.conversion.interval, percent)})
                </td>
                <td>{percent(arm.conversion.probabilityBest)}</td>
                <td>{percent(arm.conversion.expectedLoss)}</td>
                {currencies.map((currency) => {
                  const revenue = arm.revenue.find((r) => r.currency === currency);
                  return revenue ? (
                    <RevenueCells key={currency} cents={revenue.cents} each={revenue.perVisitor} range={interval(revenue.interval, perVisitor)} best={percent(revenue.probabilityBest)} />
                  ) : (
                    <RevenueCells key={currency} cents={0} each={0} range="–" best="–" />
                  );
                })}
                {currencies.length === 0 ? <td>none yet</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">
        Sample ratio check:{' '}
        {ratioCheck
          ? `${formatReadout.ratioCheck(ratioCheck)}: ${ratioCheck.mismatch ? 'mismatch' : 'healthy'}`
          : 'no exposures yet'}
        . {report.source}
      </p>
      {others.length > 0 ? (
        <ul className="notes">
          {others.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function RevenueCells({ cents, each, range, best }: { cents: number; each: number; range: string; best: string }) {
  return (
    <>
      <td>{money(cents)}</td>
      <td>
        {perVisitor(each)} ({range})
      </td>
      <td>{best}</td>
    </>
  );
}
