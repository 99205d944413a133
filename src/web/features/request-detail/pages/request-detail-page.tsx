import { useNavigate, useParams } from 'react-router';
import { RequestDrawer } from '../components/request-drawer';

/**
 * /request/{id}: the drawer opens at once over an empty backdrop (the page the user came from
 * is not kept behind lazy routes); closing goes back, or to /my-requests without history.
 */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const close = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/my-requests', { replace: true });
  };
  return <RequestDrawer requestId={id} onClose={close} onDeleted={() => navigate('/my-requests', { replace: true })} />;
}
