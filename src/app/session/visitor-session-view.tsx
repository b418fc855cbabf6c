import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getVisitorSession } from './visitor-session';

/**
 * Feeds every address the visitor opens to the session machine, and carries out the address
 * changes it asks for (usid into the URL, or back to / without a session). Renders nothing.
 */
export default function VisitorSessionView() {
  const actor = getVisitorSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const subscription = actor.on('replaceUrl', (event) => {
      navigate({ pathname: event.pathname, search: event.search, hash: window.location.hash }, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  useEffect(() => {
    actor.send({ type: 'VISIT', pathname, search, hash });
  }, [actor, pathname, search, hash]);

  return null;
}
