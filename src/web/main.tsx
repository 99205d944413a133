import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { LazyToaster } from './components/ui/lazy-toaster';
import { startSessionRequest } from './features/auth/api/early-session';
import './index.css';

// Every screen's guard needs the session: ask for it while the router fetches the screen's chunks.
startSessionRequest();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <LazyToaster />
  </StrictMode>,
);
