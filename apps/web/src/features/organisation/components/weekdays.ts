/** ISO weekday n (1 = Monday) is WEEKDAYS[n - 1]. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
