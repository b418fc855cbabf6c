import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Flow } from '../engine/generated/flow-types';
import type { Arm, ExperimentReport } from '../shared/experiment-readout';
import { EditorApiError, type EditorAccess, type EditorApi, type ListedExperiment, type StoredVersion } from './editor-api';
import { EditorSignIn } from './editor-sign-in';
import { ExperimentReadoutTable } from './experiment-readout-table';

interface Props extends EditorAccess {
  flow: Flow;
}

/** While an experiment runs, its counts are read again this often (while the view is open). */
const LIVE_MS = 10_000;

/**
 * The flow's experiments (the editor API's): start one between two to four stored versions with weights; follow a
 * running one's counts and readout live; change its weights (only visitors not yet assigned follow them); stop it
 * with the version to publish, moving the other arms' visitors on or not.
 */
export function ExperimentsView({ flow, api, onToken, refused, onRefused }: Props) {
  const [experiments, setExperiments] = useState<ListedExperiment[] | null>(null);
  const [versions, setVersions] = useState<StoredVersion[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const [report, setReport] = useState<ExperimentReport | null>(null);
  const [status, setStatus] = useState('');

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof EditorApiError && error.status === 401) onRefused(error.message);
      setStatus(error instanceof Error ? error.message : String(error));
    },
    [onRefused],
  );
  // Each bump reads the list (or the report) again; a read whose answer comes after a newer one started is dropped.
  const [listRead, readList] = useState(0);
  const [reportRead, readReport] = useState(0);
  const again = { list: () => readList((n) => n + 1), report: () => readReport((n) => n + 1) };

  useEffect(() => {
    if (!api) return undefined;
    let current = true;
    Promise.all([api.experiments(flow.id), api.versions(flow.id)]).then(
      ([listed, stored]) => {
        if (!current) return;
        setExperiments(listed);
        setVersions(stored.versions.filter((v) => v.state !== 'retired'));
        setShown((was) => was ?? listed.find((e) => e.state === 'running')?.id ?? listed[0]?.id ?? null);
      },
      (error: unknown) => current && failed(error),
    );
    return () => {
      current = false;
    };
  }, [api, flow.id, failed, listRead]);
  useEffect(() => {
    if (!api || !shown) return undefined;
    let current = true;
    api.experiment(shown).then(
      (answer) => current && setReport(answer),
      (error: unknown) => current && failed(error),
    );
    return () => {
      current = false;
    };
  }, [api, shown, failed, reportRead]);
  // Live counts while it runs.
  const running = report?.experiment.state === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => readReport((n) => n + 1), LIVE_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  if (!api) {
    return (
      <section aria-labelledby="experiments-heading" className="panel">
        <h2 id="experiments-heading">Experiments</h2>
        <p>Split {flow.id}&apos;s new visitors between stored versions and judge them on money, from the server&apos;s own records.</p>
        <EditorSignIn onToken={onToken} refused={refused} />
      </section>
    );
  }

  const anyRunning = experiments?.some((e) => e.state === 'running') ?? false;
  return (
    <section aria-labelledby="experiments-heading" className="panel">
      <h2 id="experiments-heading">Experiments</h2>
      <p role="status" className="status-line">
        {status}
      </p>
      {experiments && experiments.length > 0 ? (
        <div className="store-row">
          <label>
            Experiment{' '}
            <select value={shown ?? ''} onChange={(e) => setShown(e.currentTarget.value)}>
              {experiments.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} ({e.state === 'running' ? 'running' : `stopped, v${e.winner} published`})
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={again.report}>
            Load again
          </button>
        </div>
      ) : experiments ? (
        <p>No experiment on {flow.id} yet.</p>
      ) : null}
      {report ? <ExperimentReadoutTable report={report} /> : null}
      {report && running && api ? (
        <RunningControls
          report={report}
          api={api}
          onDone={(message) => {
            setStatus(message);
            again.list();
            again.report();
          }}
          onFailed={failed}
        />
      ) : null}
      {!anyRunning ? (
        <StartForm
          versions={versions}
          onStart={async (name, arms) => {
            try {
              const { id } = await api.startExperiment(flow.id, name, arms);
              setStatus(`Started: new visitors are split between ${arms.map((a) => `v${a.version}`).join(' and ')} from now on. Publishing waits until you stop it.`);
              setShown(id);
              again.list();
            } catch (error) {
              failed(error);
            }
          }}
        />
      ) : null}
    </section>
  );
}

/** A running experiment's weights, and stopping it with a winner. */
function RunningControls({ report, api, onDone, onFailed }: { report: ExperimentReport; api: EditorApi; onDone: (message: string) => void; onFailed: (error: unknown) => void }) {
  const { experiment } = report;
  const [weights, setWeights] = useState<Record<number, string>>(() => Object.fromEntries(experiment.arms.map((a) => [a.version, String(a.weight)])));
  const [winner, setWinner] = useState(String(experiment.arms[0]?.version ?? ''));
  const [move, setMove] = useState(false);
  const reweigh = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const arms = experiment.arms.map((a) => ({ version: a.version, weight: Number(weights[a.version]) }));
      await api.setWeights(experiment.id, arms);
      onDone(`Weights changed to ${arms.map((a) => `v${a.version} ${a.weight}`).join(', ')}: visitors already in an arm keep it.`);
    } catch (error) {
      onFailed(error);
    }
  };
  const stop = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await api.stopExperiment(experiment.id, Number(winner), move);
      onDone(
        `Stopped. Version ${answer.published} is published (was ${answer.previous}); ${move ? 'every other version\'s visitors move on to it' : 'visitors already in an arm stay on theirs'}.`,
      );
    } catch (error) {
      onFailed(error);
    }
  };
  return (
    <>
      <h3>Weights</h3>
      <form className="store-row" onSubmit={(e) => void reweigh(e)}>
        {experiment.arms.map((a) => (
          <label key={a.version}>
            Weight of v{a.version}{' '}
            <input type="number" min={1} step={1} required value={weights[a.version] ?? ''} onChange={(e) => setWeights({ ...weights, [a.version]: e.currentTarget.value })} />
          </label>
        ))}
        <button type="submit">Change weights</button>
      </form>
      <h3>Stop it</h3>
      <form className="store-row" onSubmit={(e) => void stop(e)}>
        <label>
          Publish{' '}
          <select value={winner} onChange={(e) => setWinner(e.currentTarget.value)}>
            {experiment.arms.map((a) => (
              <option key={a.version} value={a.version}>
                v{a.version}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={move} onChange={(e) => setMove(e.currentTarget.checked)} /> Move the other arms&apos; visitors on to it
        </label>
        <button type="submit">Stop and publish</button>
      </form>
    </>
  );
}

/** Starting an experiment: a name, and two to four stored versions with their weights. */
function StartForm({ versions, onStart }: { versions: StoredVersion[]; onStart: (name: string, arms: Arm[]) => Promise<void> }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const arms = Object.entries(chosen).map(([version, weight]) => ({ version: Number(version), weight: Number(weight) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onStart(name.trim(), arms);
  };
  return (
    <>
      <h3>Start an experiment</h3>
      <form onSubmit={submit} className="start-experiment">
        <label>
          Name{' '}
          <input required maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder="What it tests" />
        </label>
        <fieldset>
          <legend>Arms: two to four stored versions, and each one&apos;s share of new visitors</legend>
          {versions.map((v) => (
            <div key={v.version} className="store-row">
              <label>
                <input
                  type="checkbox"
                  checked={v.version in chosen}
                  onChange={(e) => {
                    const next = { ...chosen };
                    if (e.currentTarget.checked) next[v.version] = '50';
                    else delete next[v.version];
                    setChosen(next);
                  }}
                />{' '}
                Version {v.version}
                {v.note ? `: ${v.note}` : ''}
              </label>
              {v.version in chosen ? (
                <label>
                  Weight of version {v.version}{' '}
                  <input type="number" min={1} step={1} required value={chosen[v.version]} onChange={(e) => setChosen({ ...chosen, [v.version]: e.currentTarget.value })} />
                </label>
              ) : null}
            </div>
          ))}
        </fieldset>
        <button type="submit" disabled={arms.length < 2 || arms.length > 4}>
          Start the experiment
        </button>
      </form>
    </>
  );
}
