/** What other features use of channel capacity: the new-request form's availability panel, the drawer's weeks booked, the intake queue's flags. */
export { AvailabilityPanel, useAvailability } from './components/availability-panel';
export { RequestWeeksBooked } from './components/request-weeks-booked';
export { IntakeFlags } from './components/intake-flags';
