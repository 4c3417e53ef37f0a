import './styles/app.css';
import { takeOver } from './lib/take-over.ts';

/** The app's entry: its styles now, its code once the server's page has been painted (see `takeOver`). */
void takeOver(async () => (await import('./app/start-app.tsx')).startApp());
