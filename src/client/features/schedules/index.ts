// What the patients feature shows of schedules (ADR 074): the client page's list and Repeat, Patients' counts.
export { ClientSchedules } from './client-schedules';
export { DueLink } from './due-link';
export { ScheduleCountBadges } from './schedule-counts';
