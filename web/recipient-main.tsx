import './styles/app.css';
import { takeOver } from './lib/take-over.ts';

/**
 * The recipient page's entry (`recipient.html`): its styles now, its code once the server's page has been
 * painted (see `takeOver`).
 */
void takeOver(async () => (await import('./app/recipient/start-recipient-page.tsx')).startRecipientPage());
