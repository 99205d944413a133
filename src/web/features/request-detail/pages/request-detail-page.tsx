import { useLocation, useNavigate, useParams } from 'react-router';
import { RequestDrawer } from '../components/request-drawer';

/** Set by the new-request form: closing the confirmation of a just-submitted request goes here. */
export interface DrawerState {
  closeTo?: string;
}

/**
 * /request/{id}: the drawer opens at once over an empty backdrop (the page the user came from
 * is not kept behind lazy routes); closing goes back, to the list as it was (its filters are in
 * its address, decision 0057), or to /my-requests without history or after a submission.
 */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const closeTo = (location.state as DrawerState | null)?.closeTo;
  const close = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (closeTo) navigate(closeTo, { replace: true });
    else if (idx > 0) navigate(-1);
    else navigate('/my-requests', { replace: true });
  };
  return <RequestDrawer requestId={id} onClose={close} onDeleted={() => navigate('/my-requests', { replace: true })} />;
}
