import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { start } from './app/start.tsx';

void start(document.getElementById('root')!);
