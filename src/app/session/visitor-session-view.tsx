import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppRoot } from '../app-root-context';
import { addressKey } from './visitor-session-machine';

/**
 * Feeds every address the visitor opens to the session machine, and carries out the address
 * changes it asks for (usid into the URL, or back to / without a session) while the visitor is
 * still on the address they were meant for. Renders nothing.
 */
export default function VisitorSessionView() {
  const { session: actor } = useAppRoot();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const request = useSelector(actor, (s) => s.context.urlRequest);

  useEffect(() => {
    actor.send({ type: 'VISIT', pathname, search, hash });
  }, [actor, pathname, search, hash]);

  useEffect(() => {
    // Compared with the address the browser shows now, not the one of this render: the funnel may
    // have moved on in an effect of the same commit, and replacing its new entry would undo that.
    const now = window.location;
    if (!request || request.from !== addressKey(now.pathname, now.search, now.hash)) return;
    if (request.pathname === now.pathname && request.search === now.search) return;
    navigate({ pathname: request.pathname, search: request.search, hash: now.hash }, { replace: true });
  }, [request, pathname, search, hash, navigate]);

  return null;
}
