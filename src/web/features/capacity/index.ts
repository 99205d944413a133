/** What other features use of channel capacity: the new-request form's availability panel, the drawer's weeks booked. */
export { AvailabilityPanel, useAvailability } from './components/availability-panel';
export { RequestWeeksBooked } from './components/request-weeks-booked';
