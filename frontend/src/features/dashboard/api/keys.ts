/** Query keys of the dashboard's own reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  messageSettings: () => [...dashboardKeys.all, 'message-settings'] as const,
};
