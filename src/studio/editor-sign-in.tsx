import { useId, useState, type FormEvent } from 'react';

/**
 * Asks for the editor token once (one of the server's EDITOR_TOKENS): the studio keeps it in this tab's memory only,
 * so a reload asks again, and nothing of it is stored.
 */
export function EditorSignIn({ onToken, refused }: { onToken: (token: string) => void; refused?: string | null }) {
  const [token, setToken] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onToken(token.trim());
  };
  return (
    <form className="sign-in" onSubmit={submit}>
      <label htmlFor={id}>Editor token</label>
      <input id={id} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.currentTarget.value)} />
      <button type="submit">Sign in</button>
      <p className="hint">One of the server&apos;s EDITOR_TOKENS. Kept in this tab&apos;s memory only: a reload asks again.</p>
      {refused ? <p role="alert">{refused}</p> : null}
    </form>
  );
}
