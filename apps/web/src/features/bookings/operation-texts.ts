/** Texts of the flows the spec names without giving their words. */
export const operationTexts = {
  confirmBooking: 'Do you want to confirm this booking?',
  confirmSeries: 'Do you want to confirm all upcoming bookings of this series?',
  cancelSeries: 'Do you want to cancel all upcoming bookings of this series?',
  confirmListTitle: 'Confirm upcoming bookings',
  cancelListTitle: 'Cancel upcoming bookings',
  ruleTitle: 'Confirm!',
  overrideTitle: 'Override cancellation rule',
  noRule: 'No cancellation rule applies to this booking: nothing is refunded by default.',
} as const
