/** What other features use of users: how the admin screens word a submission's status and a format. */
export { formatLabel } from './components/attendance-labels';
export { statusLabels } from './components/status-label';
