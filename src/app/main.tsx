import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { outboxMayHaveWaiting } from '../lib/outbox/waiting-flag';
import { App } from './app';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

// Enquiries saved while offline are sent from whichever page opens next; the code for it is
// loaded only when something waits.
if (outboxMayHaveWaiting()) {
  void import('../lib/outbox/delivery').then((delivery) => delivery.startOutboxDelivery());
}
