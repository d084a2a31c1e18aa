/** Query keys of the dashboard's own reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  messageSettings: () => [...dashboardKeys.all, 'message-settings'] as const,
  pushSettings: () => [...dashboardKeys.all, 'push-settings'] as const,
  lastActive: () => [...dashboardKeys.all, 'last-active'] as const,
  completeness: () => [...dashboardKeys.all, 'completeness'] as const,
  calendarFeed: () => [...dashboardKeys.all, 'calendar-feed'] as const,
  /** What this browser holds (its subscription, the permission): read from it, not the server. */
  pushThisDevice: () => [...dashboardKeys.all, 'push-this-device'] as const,
};
