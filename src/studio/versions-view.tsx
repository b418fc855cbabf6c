import { useCallback, useEffect, useState } from "react";
import type { Flow } from "../engine/generated/flow-types";
import { diffFlows } from "../engine/flow-diff";
import { productKinds } from "../engine/kinds/product-kinds";
import {
  EditorApiError,
  type EditorAccess,
  type StoredVersion,
  type VersionProblem,
} from "./editor-api";
import { EditorSignIn } from "./editor-sign-in";
import { readFlowText } from "./open-flow";

interface Props extends EditorAccess {
  /** The flow in view (the file opened, or the studio's edit of it): what "Store" sends. */
  flow: Flow;
}

const when = (iso: string | null) =>
  iso ? iso.slice(0, 16).replace("T", " ") : "–";
const stateOf = (v: StoredVersion) =>
  v.state === "draft" && v.publishedAt ? "was live" : v.state;

/**
 * The flow store's versions, as `npm run flow:versions` lists them: note, editor and times, the published one marked;
 * each can be previewed, and published (an earlier one: a rollback). Two versions can be compared (the flow:diff
 * list), and the flow in view stored as a new version, checked by the server: a refusal lists its located problems.
 */
export function VersionsView({
  flow,
  api,
  onToken,
  refused,
  onRefused,
}: Props) {
  const [listed, setListed] = useState<{
    published: number;
    versions: StoredVersion[];
  } | null>(null);
  const [status, setStatus] = useState("");
  const [problems, setProblems] = useState<VersionProblem[]>([]);
  const [previews, setPreviews] = useState<Record<number, string>>({});
  const [note, setNote] = useState("");
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const [diff, setDiff] = useState<string[] | null>(null);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof EditorApiError && error.status === 401)
        onRefused(error.message);
      setStatus(error instanceof Error ? error.message : String(error));
    },
    [onRefused],
  );
  const show = useCallback(
    (answer: { published: number; versions: StoredVersion[] }) => {
      setListed(answer);
      // The two newest versions, until the editor picks others (or while there was only one to pick).
      setPair((current) =>
        current && current.from !== current.to
          ? current
          : { from: answer.versions.at(1)?.version ?? answer.published, to: answer.versions[0]?.version ?? answer.published },
      );
    },
    [],
  );
  const load = async () => {
    if (api) await api.versions(flow.id).then(show, failed);
  };
  useEffect(() => {
    if (!api) return undefined;
    let current = true;
    api.versions(flow.id).then(
      (answer) => current && show(answer),
      (error: unknown) => current && failed(error),
    );
    return () => {
      current = false;
    };
  }, [api, flow.id, failed, show]);

  if (!api) {
    return (
      <section aria-labelledby="versions-heading" className="panel">
        <h2 id="versions-heading">Versions</h2>
        <p>
          The flow store&apos;s versions of {flow.id}: publish, roll back and
          preview them, and store the flow in view as a new version.
        </p>
        <EditorSignIn onToken={onToken} refused={refused} />
      </section>
    );
  }

  const publish = async (version: number) => {
    if (!listed) return;
    setStatus(`Publishing version ${version}…`);
    try {
      const answer = await api.publish(flow.id, version, listed.published);
      setStatus(
        `Published version ${answer.published} (was ${answer.previous}): new visitors get it within 5 s; visitors already in the funnel stay on theirs.`,
      );
      await load();
    } catch (error) {
      failed(error);
    }
  };
  const preview = async (version: number) => {
    try {
      const { url } = await api.preview(flow.id, version);
      setPreviews((p) => ({ ...p, [version]: url }));
      setStatus(`A preview link to version ${version} is ready, for 24 hours.`);
    } catch (error) {
      failed(error);
    }
  };
  const store = async () => {
    setProblems([]);
    setStatus(
      "Storing the flow in view: the server checks it, walks its paths and replays the personas…",
    );
    try {
      const { version } = await api.store(
        flow.id,
        `${JSON.stringify(flow, null, 2)}\n`,
        note,
      );
      setStatus(
        `Stored as version ${version}, not published: preview it, then publish it.`,
      );
      setNote("");
      await load();
    } catch (error) {
      if (error instanceof EditorApiError) setProblems(error.problems);
      failed(error);
    }
  };
  const compare = async () => {
    if (!pair) return;
    try {
      const [from, to] = await Promise.all([
        api.versionText(flow.id, pair.from),
        api.versionText(flow.id, pair.to),
      ]);
      const a = readFlowText(from).flow;
      const b = readFlowText(to).flow;
      setDiff(
        a && b ? diffFlows(a, b, productKinds) : ["one of the versions could not be read"],
      );
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section aria-labelledby="versions-heading" className="panel">
      <h2 id="versions-heading">Versions</h2>
      <p role="status" className="status-line">
        {status}
      </p>
      {listed ? (
        <div className="versions-scroll">
          <table className="versions">
            <caption>
              {flow.id}: version {listed.published} is published ·{" "}
              {listed.versions.length} stored
            </caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">State</th>
                <th scope="col">Note</th>
                <th scope="col">By</th>
                <th scope="col">Stored (UTC)</th>
                <th scope="col">Published (UTC)</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {listed.versions.map((v) => (
                <tr
                  key={v.version}
                  aria-current={
                    v.version === listed.published ? "true" : undefined
                  }
                >
                  <th scope="row">{v.version}</th>
                  <td>{stateOf(v)}</td>
                  <td>{v.note}</td>
                  <td>{v.author}</td>
                  <td>{when(v.createdAt)}</td>
                  <td>{when(v.publishedAt)}</td>
                  <td className="actions">
                    {v.state !== "retired" ? (
                      <button
                        type="button"
                        onClick={() => void preview(v.version)}
                        aria-label={`Preview version ${v.version}`}
                      >
                        Preview
                      </button>
                    ) : null}
                    {v.state === "draft" ? (
                      <button
                        type="button"
                        onClick={() => void publish(v.version)}
                        aria-label={`${v.version < listed.published ? "Roll back to" : "Publish"} version ${v.version}`}
                      >
                        {v.version < listed.published
                          ? "Roll back to this"
                          : "Publish"}
                      </button>
                    ) : null}
                    {previews[v.version] ? (
                      <a
                        href={previews[v.version]}
                        target="_blank"
                        rel="noreferrer"
                      >
                        Open the preview of version {v.version}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <h3>Store the flow in view as a new version</h3>
      <div className="store-row">
        <label>
          Note{" "}
          <input
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.currentTarget.value)}
            placeholder="What changed"
          />
        </label>
        <button type="button" onClick={() => void store()}>
          Store as a new version
        </button>
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="problems-box">
          <p>The server refused it; nothing was stored:</p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.line}:${p.column} ${p.message}`}>
                <code>
                  {p.line}:{p.column} {p.pointer || "/"}
                </code>{" "}
                {p.message}; {p.hint}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {listed && pair ? (
        <>
          <h3>Compare two versions</h3>
          <div className="store-row">
            {(['from', 'to'] as const).map((end) => (
              <label key={end}>
                {end === 'from' ? 'From' : 'To'}{' '}
                <select aria-label={`Compare ${end} version`} value={pair[end]} onChange={(e) => setPair({ ...pair, [end]: Number(e.currentTarget.value) })}>
                  {listed.versions.map((v) => (
                    <option key={v.version} value={v.version}>
                      {v.version}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <button type="button" onClick={() => void compare()}>
              Compare
            </button>
          </div>
          {diff ? (
            <ul
              className="diff"
              aria-label={`From version ${pair.from} to version ${pair.to}`}
            >
              {diff.length === 0 ? <li>No difference.</li> : null}
              {diff.map((line, i) => (
                <li
                  key={i}
                  className={`diff-${line[0] === "+" ? "added" : line[0] === "-" ? "removed" : "changed"}`}
                >
                  <code>{line}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
