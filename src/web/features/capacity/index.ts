/** What other features use of channel capacity: the new-request form's availability panel. */
export { AvailabilityPanel, useAvailability } from './components/availability-panel';
