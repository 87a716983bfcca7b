/** Every user-facing text of the specification, verbatim, plus the few our own design adds (marked). */
export const messages = {
  // Sign in, reset password, profile (spec 1 §5, §8)
  invalidEmailExample: (example: string) => `Invalid email format. Ex: ${example}`,
  invalidCredentials: 'Please provide valid credentials',
  passwordRequired: 'Password is required.',
  confirmPasswordMismatch: 'Confirm Password must match to password.',
  profileEmailInvalid: 'Please enter valid email.',
  fieldRequired: 'Please fill out this field',
  selectRequired: 'Please select an item in the list',
  /** Issue 15: names unique among active organizations (any case), prefixes platform-wide. */
  organizationNameTaken: 'An organization with this name already exists.',
  bookingPrefixTaken: 'This booking prefix is already used by another organization.',
  refundPrefixTaken: 'This refund prefix is already used by another organization.',
  /** Issue 15: a typed company name never silently creates a client. */
  userClientNotFound:
    'No client of this name in the organization: pick a client from the list, or choose to create a new client.',
  emailAlreadyExist: 'Email already exist',
  /** Issue 42 item 18: the profile's e-mail changes through a link sent to the new address. */
  emailChangeSent: (to: string) => `We sent a confirmation link to ${to}.`,
  emailChangeLinkInvalid:
    'This e-mail confirmation link is invalid or has expired. Change your e-mail again from your profile.',
  emailChanged: (to: string) => `Your e-mail address is now ${to}.`,
  emailChangesRateLimited: 'Too many e-mail changes asked in the last hour. Please try again later.',
  passwordUpdated: 'Success: Password updated successfully.',

  // Countries
  countryNameRequired: 'Country Name is required.',
  countryNameCharacters: 'Only character allowed',
  countryCodeRequired: 'Abbreviation is required.',
  countryCodeCapitals: 'Only capital characters allowed',

  // Global regions
  globalRegionNameRequired: 'Name is required.',
  globalRegionCodeRequired: 'Code is required.',

  // Organizations (spec 1 §5, §8)
  max100: 'Max 100 chars',
  alphabetsMax100: 'Only Alphabets Allowed. Max 100 chars',
  postcodeCharacters: 'Only numbers and characters are allowed',
  /** Ours, in max100's words: a postcode over its limit is refused by the limit, not by its characters. */
  postcodeMax20: 'Max 20 chars',
  contactNumberCharacters: 'Only numbers and special characters  are Allowed.',
  invalidEmailEg: (example: string) => `Invalid email format. E.g: ${example}`,
  urlMustStartWithHttp: (host: string) => `Url must start with http E.g: ${host}`,
  taxPercentRange: 'Only decimal value allowed between 0-99.',
  invoiceNumberingRequired: 'Enter Invoice Numbering.',
  blackoutStartRequired: 'Select blackout period start date.',
  startBeforeEnd: 'Start date should be less than end date.',
  blackoutMaximum: 'Maximum Blackout Dates reached, please edit an existing date/date range.',
  ms365ClientId: 'Please, enter MS 365 client id.',
  ms365TenantId: 'Please, enter MS 365 tenant id.',
  ms365DefaultClientName: 'Please, enter MS 365 default client name.',
  onlyImages: 'Only png/jpg/jpeg allowed',
  photoTooLarge: 'Photos size cannot exceed 1MB',
  maxOneImage: 'Maximum of image is 1!!',
  logoNotOnFreePlan: 'Upload logo is not allowed in free plan.',
  customerIdExists: 'Customer ID already exists',
  tentativeBookingsExist: 'Organization still exists tentative booking',
  confirmRegenerateToken: 'Are you sure you want to regenerate the token?',
  organizationArchived: 'Success: Organization deactivated successfully.',
  fileAdded: 'File added successfully.',

  // Client types and regions
  confirmRegionDelete:
    'All child region if any, will also be deleted with this. Are you sure, you want to delete?',

  selectOrganization: 'Select an Organization',
  selectOrganizationError: 'Error: Select an Organization.',

  // Users (spec 1 §5, §8)
  alphabetsMax255: 'Only Alphabets Allowed. Max 255 chars',
  invalidEmail: 'Invalid email format',
  invalidPhone: 'Please match the requested format. Please enter valid phone number',
  userAlreadyExist: 'User already exist',
  passwordDoesNotMatch: 'Password does not match.',
  userClientArchived:
    'The client for this user is archived. Please, restore the client or change the client.',
  recordArchived: 'Record successfully archived.',
  userDeactivated: 'Success: User deactivated successfully.',
  userActivated: 'Success: User activated successfully.',

  // Clients (spec 1 §5, §8)
  clientAlreadyExist: 'Error: Client already exist.',
  valueAtMost100: 'Value must be less than or equal to 100.',
  valueAtLeast0: 'Value must be greater than or equal to 0.',
  checkOneClientType: 'Check one Client Type.',
  gratisDigits: 'Only Number Allowed. Max 10 digits',
  gratisMultipleOf15: 'Please, enter gratis minutes in multiple of 15 minutes.',
  clientRestored:
    'Success: Client activated successfully. All associated users of this client are now active again. If you would like to archive a particular user, please navigate to the user menu and archive each user separately.',
  externalClientIdCharacters: 'Only letters, numbers and spaces are allowed. Max 255 chars',

  // Centers (spec 1 §5, §8)
  alphabetsAndNumbers: 'Only Alphabets and Numbers are Allowed',
  ccEmailsSeparated: 'Please separate email addresses in CC Email field with a comma',
  centerContactNumber: 'Only numbers and special characters are Allowed.',
  centerPostcode: 'Only numbers and characters are allowed. Max 10 Chars.',
  invalidDateRange: 'Invalid Date Range.',
  geocoderFailed: (status: string) =>
    `Error: Geocoder is not successfully loaded :${status}. Please, correct your address.`,
  confirmCenterArchive: 'Do you want to archive the Location / Center record?',
  centerArchived: 'Success: Center deactivated successfully',
  centerRestored: 'Success: Center activated successfully',

  // Cancellation rules (spec 1 §5, §8)
  cancelRuleDigits: 'Only Numbers allowed. Max 11 Numbers.',
  invalidDayRange: 'Invalid day range',
  refundPercentRange: 'Only decimal value allowed. Max: 100',
  cancelRuleExists: 'The rule for these parameters already exist.',

  // Spaces (spec 3 §5)
  spaceNameCharacters: 'Only Alphabets and numbers are Allowed. Max 255 chars',
  capacityDigits: 'Only Numbers Allowed. Max 99999.',
  floorCharacters: 'Only Alpha Numeric Allowed',
  bookingHourRange:
    'Invalid booking hour range: Minimum Booking Hours cannot be more than Maximum Booking Hours',
  invalidTimeRange: 'Invalid time range.',
  nativeRoomIdRequired: 'Please fill out this field.',
  addSpaceRate: 'Add Space rate',
  rateUnitTwice: 'You cannot add this rate unit twice to this room, it is already configured for this room.',
  selectUnit: 'Select unit.',
  fillAmount: 'Fill amount.',
  selectChargedAt: 'Select charged at.',
  serviceInPipeline: 'Selected service already in pipeline.',
  securityBondAmount: 'Please enter security bond amount.',
  securityBondDecimals: 'Please enter a valid amount (max 2 decimal places)',
  combineAtLeastTwo: 'Please, select at least two meetingrooms to combine.',
  googleAccountEmail: 'Please, enter Google account email.',
  serviceAccountEmail: 'Please, enter service account email.',
  serviceAccountPrivateKey: 'Please, enter service account private key.',
  invalidEmailColon: (email: string) => `Invalid email format: ${email}`,
  maxImages: (n: number) => `Maximum of image is ${n}!!`,
  spaceBookingsOrganization: 'There are currently bookings for this Space. You cannot change Organization.',
  spaceBookingsCenter:
    'There are currently bookings for this Space. You cannot change the Location / Center for this Space.',
  spaceBookingsChildren: 'There are bookings for Space. You can not detach the child meetingrooms.',
  selectOrganizationPlease: 'Please, select an Organization.',
  selectLocation: 'Please, select a Location.',
  selectSpaceType: 'Please, select a Space Type.',
  confirmCombinedLoss:
    'You have combined rooms configured. If you perform this operation, then configuration will be lost. Do you still want to continue?',
  confirmSpaceArchive: 'Do you want to archive the Space?',
  futureBookingsDeactivate: (n: number) =>
    `There are ${n} future bookings in this Space, are you sure you want to De-Activate it?`,
  licenceAdd: 'You need to upgrade your plan to add more spaces',
  licenceActivate: 'You need to upgrade your plan to activate more spaces',
  licenceRestore: 'You need to upgrade your plan to restore more spaces',
  uploadIcon: 'Error: Upload an icon.',
  spaceActivated: 'Success: Space activated successfully.',
  spaceDeactivated: 'Success: Space deactivated successfully.',
  serviceAdded: 'Success: Service successfully Added',
  uploadFail: 'Upload fail.',

  // Email templates (spec 3 §5, §8)
  fillEmailContent: 'Please, fill email content.',
  onlyPdf: 'Only PDF allowed',
  pdfTooLarge: 'PDF size cannot exceed 2MB',
  maxOnePdf: 'Maximum of PDF is 1!!',
  emailTemplateDeleteFailed: 'Error: Failed to delete the email template',
  cannotDeleteEmailTemplate: 'Cannot Delete Email Template',
  /** Ours: the spec names the rule (a type the organization has is disabled) but no message. */
  emailTemplateTypeTaken: 'This organization already has a template of this type.',
  unknownMergeTags: (tags: readonly string[]) =>
    `Unknown merge tag${tags.length > 1 ? 's' : ''}: ${tags.join(', ')}. Use the tags of the picker.`,
  mergeTagsNotInSubject: (tags: readonly string[]) =>
    `The subject cannot use ${tags.join(', ')}: links and contact details belong in the email content.`,
  /** Ours: a subject is sent as plain text, so markup in it would reach the reader as typed. */
  emailSubjectPlainText: 'The subject is plain text: remove the HTML tags (such as <b> or <script>) from it.',
  emailTemplatesOff: 'Email templates are not enabled for this organization.',
  ownEmailTemplatesNotUsed:
    "Your organization sends the built-in templates: its own are used once Use Email Template is on in the organization's settings.",
  attachmentNotUploaded: 'The PDF must be uploaded through the form.',
  pdfUnreadable: 'The upload could not be read. Choose the PDF again.',

  // Package deals (spec 1 §5)
  packageNameCharacters: 'Only alphabets and numbers are allowed. (Max 1000 characters)',
  invalidTimeRangeNoStop: 'Invalid time range',
  confirmPackageAttendeesChange:
    'Changing minimum attendees will remove the space mappings of this package. Do you want to continue?',

  // Bookings (spec 2 §5, §8)
  slotAlreadyBooked: 'This slot is already booked. Please, book another slot.',
  minDuration: (hours: number, minutes: number) =>
    `There is a min duration of ${hours} hours ${minutes} minutes required for this room.`,
  onlyFullDay: 'You can only book for full day.',
  halfDayDenominators: 'You can book this room only in 4 hours denominators.',
  preparationTime: (needed: string) =>
    `This room needs preparation time of ${needed}. Do you still want to continue?`,
  selectStartTime: 'Please, select start time.',
  selectEndTime: 'Please, select end time.',
  selectDate: 'Please, select date.',
  bookingRescheduled: 'Booking rescheduled successfully.',
  bookingCreated: 'Success:Record successfully created',
  bookingUpdated: 'Success: Record successfully updated',
  confirmCancelBooking: 'Do you really want to cancel this booking?',
  confirmProceed: 'Do you want to proceed?',
  confirmChangeDuration: 'Do you want to change duration of the booking?',
  refundPercentInvalid: 'Please, enter a valid refund percent(0-100).',
  invalidAmount: 'Invalid Amount.',
  refundGreaterThanPaid: 'Refund amount can not be greater than paid amount.',
  refundMoreThanAvailable: (available: string) =>
    `You can not refund more than available amount. (Available amount = ${available})`,
  onlyDecimal: 'Only decimal value allowed.',
  packageDestinationRoom:
    'You can not reschedule the booking, because the destination room does not have the same booking package.',
  packageFixedSlotMove:
    'You can not move this booking to another time slot, because the package is of fixed time slot.',
  wantToBookSlot: 'Want to book a slot?',
  /** The bookings list and billing filters: a location chosen without an organization (spec 2 §5). */
  selectOrganizationForFilter: 'Select organization.',
  /** The commission report's dates (spec 2 §5). */
  selectStartDate: 'Select start date.',
  selectEndDate: 'Select end date.',
  /** Mark exported for invoicing marks what the billing list shows, which must be a date range (issue 42). */
  markExportedRangeRequired:
    'Choose a start date and an end date: Mark exported for invoicing marks the bookings of a date range only.',

  recordCreated: 'Success: Record successfully created.',
  recordUpdated: 'Success: Record successfully updated.',
  recordDeleted: 'Success: Record successfully deleted',
  confirmDelete: 'Do you really want to delete this record?',

  // Ours: the spec is silent on these
  signInRateLimited: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  resetLinkSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Please sign in.',
  forbidden: 'You do not have permission to do this.',
  passwordTooShort: (min: number) => `The password must be at least ${min} characters long.`,
  passwordTooCommon: 'This password is one of the most common passwords. Choose another one.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  /** A geocoder failure or a map without tiles (issue 15 item 17): no raw status code, a way forward. */
  addressNotLocated: 'The address could not be located; place the pin by hand or enter the coordinates',
  crossSiteRequest: 'This request came from another site, so it was refused.',
  notFound: 'Record not found.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  invalidRange: 'Range must look like 0-19.',
  invalidSearch: 'Search cannot contain control characters.',
  invalidOrder: (allowed: readonly string[]) => `Sort order must be one of: ${allowed.join(', ')}.`,
  invalidDirect: 'Sort direction must be asc or desc.',
  unknownField: (field: string) => `Unknown field: ${field}.`,
  countryAlreadyExists: 'A country with this name or abbreviation already exists.',
  globalRegionAlreadyExists: 'A global region with this code already exists.',
  defaultGlobalRegionLocked: 'Default global regions cannot be changed or deleted.',
  orgUrlMustStartWithWww: 'Url must start with www E.g: www.example.com',
  taxLabelCharacters: 'Only Alphabets and Numbers are Allowed. Max 100 chars',
  billingColumnCharacters: 'Only characters and numbers are allowed. Max 255 chars',
  noticePeriodRange: 'Minimum notice period must be between 0 and 10 days.',
  licensedSpacesRange: 'Licensed spaces must be a whole number of at least 0.',
  /** The Super Admin panel's commission percent (issue 42). */
  commissionRateRange: 'Commission Rate must be a percent from 0 to 100 with at most 2 decimals.',
  blackoutInPast: 'Blackout dates cannot be in the past.',
  creditCardNotOnFreePlan: 'Credit Card is not available as default payment method on the free plan.',
  prefixLocked: 'The prefix can no longer be changed once it is set.',
  organizationRestored: 'Success: Organization activated successfully.',
  confirmArchiveOrganization: (name: string) => `Do you want to archive the organization ${name}?`,
  defaultClientTypeLocked: 'Default client types cannot be changed or deleted.',
  defaultRegionLocked: 'Default regions cannot be changed or deleted.',
  regionParentInvalid: 'A region cannot be its own parent or the parent of its parent.',
  clientTypeAlreadyExists: 'A client type with this name already exists.',
  cannotArchiveSelf: 'You cannot archive or delete your own user.',
  csrCannotCreateStaff: 'A CSR cannot create admin or CSR users.',
  onlySuperCreatesSuper: 'Only a super user can create or manage super users.',
  csrManagesBasicOnly: 'A CSR can manage basic users only.',
  ownTypeLocked: 'You cannot change your own user type.',
  superTypeLocked: 'A super user cannot become another type, nor another user a super user.',
  clientNotInOrganization: 'Select a client of the organization.',
  pastRevenueTargetsLocked: 'Revenue targets of past years cannot be changed.',
  childRoomInvalid:
    'Child spaces must be other active spaces of the same organization, location and space type.',
  childOfChild: 'A space that is combined into another space cannot combine spaces itself.',
  displayOrderUpdated: 'Display order updated successfully.',
  displayOrderInvalid: 'Display order must be a whole number from 0 to 99999.',
  photoNotUploaded: 'Photos must be uploaded through the form.',
  minAttendeesRange: 'Minimum attendees must be a whole number up to 99999.',
  packageSpacesInvalid: 'Select spaces of the selected locations that seat the minimum attendees.',
  centerHasSpaces:
    'This location still has spaces. Delete or move its spaces first, or archive the location instead.',
  serviceNotOffered: 'Choose a service your organization offers.',
  internalError: 'Something went wrong on our side. Please try again.',
  maxDuration: (hours: number, minutes: number) =>
    `This room can be booked for at most ${hours} hours ${minutes} minutes.`,
  quarterHourSteps: 'Start and end times must be on 15 minute steps.',
  outsideSpaceWindow: (from: string, to: string) => `This space can be booked from ${from} to ${to}.`,
  outsideCenterHours: (from: string, to: string) => `This location is open from ${from} to ${to}.`,
  organizationBlackout: 'The organization takes no bookings on this date (blackout period).',
  spaceBlackout: 'This space takes no bookings on this date (blackout period).',
  minimumNotice: (days: number) => `Bookings need at least ${days} day${days === 1 ? '' : 's'} notice.`,
  bookingInPast: 'This time has already passed.',
  capacityExceeded: (capacity: number) => `This space seats at most ${capacity} attendees.`,
  attendeesRequired: 'Enter the number of attendees (at least 1).',
  spaceNotBookable: 'This space is not active and cannot be booked.',
  spaceHasNoRates: 'This space has no rates yet, so it cannot be booked.',
  voucherNotValid: 'This voucher code is not valid for the booking date.',
  packageNotForSpace: 'This package deal is not offered for this space.',
  packageMinAttendees: (n: number) => `This package deal needs at least ${n} attendees.`,
  packageFixedSlot: (from: string, to: string) => `This package deal is booked from ${from} to ${to}.`,
  packageDuration: (hours: number, minutes: number) =>
    `This package deal is booked for ${hours} hours ${minutes} minutes.`,
  transactionIdRequired: 'Enter the card transaction id.',
  bookingUserNotOfClient: 'Select a user of the chosen client.',
  recurringNotEnabled: 'Recurring bookings are not enabled for this organization.',
  recurringEndRequired: 'Choose an end date or a number of occurrences for the series.',
  recurringTooMany: (max: number) => `A series can have at most ${max} bookings.`,
  recurringConflicts: (n: number) =>
    `${n} of the series' dates cannot be booked. Remove them or change the series.`,
  childBookedSameSlot: (child: string, when: string) =>
    `${child} and this space are booked by different bookings at the same time (${when}). Move or cancel one of them first.`,
  chargeAmountInvalid: 'Enter an amount of at least 0 with up to 2 decimals.',
  unknownOperation: 'Unknown booking operation.',
  bookingCancelledLocked: 'This booking is cancelled, so it can no longer be changed.',
  bookingNotTentative: 'Only a tentative booking can be confirmed.',
  paymentNotInvoice: 'Only invoice bookings can be marked as paid or unpaid.',
  recurringDataInvalid: 'Choose the bookings of this series to cancel and their refund percent.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  nothingToRefund: 'Enter an amount to refund.',
  packageHasBookings: 'This package deal has bookings, so it cannot be deleted. Disable it instead.',
  nonexistentLocalTime: 'This time does not exist on this date in the location (daylight saving change).',
  filterDateFormat: 'Dates must be written YYYY-MM-DD.',
  runSheetPart: 'Choose a part of the run sheet: 1, 2, 3 …',
  /** Issue 16: the calendar's window call. */
  calendarDatesRequired: 'Choose the start and end dates of the calendar.',
  calendarWindowTooLong: (days: number) =>
    `The calendar shows at most ${days} days at once. Choose a shorter date range.`,
  calendarTooManyBookings: (max: number) =>
    `This range holds more than ${max.toLocaleString('en-US')} bookings. Choose a shorter date range, a location or a space.`,
  calendarPdfTooLarge: (max: number) =>
    `The PDF prints at most ${max.toLocaleString('en-US')} bookings. Choose a shorter date range, a location or a space.`,
  calendarLiveUnavailable:
    'Live updates are not available right now. The calendar still works; reload it to see changes made by others.',
  calendarEventsAccept:
    'This address is an event stream: open it with Accept: text/event-stream (EventSource).',
  /** Issue 42 item 17: live calendars per session and per organization. */
  calendarStreamsPerSession: (max: number) =>
    `This session already has ${max} live calendars open. Close one (another tab or window) to open this one.`,
  calendarStreamsPerOrganization: (max: number) =>
    `Your organization already has ${max} live calendars open. Close one or try again in a few minutes.`,
  calendarViewInvalid: "The view must be '' (Day), 1 (Week) or 2 (Month).",
  uploadUnreadable: 'The upload could not be read. Choose the image again.',
  heavyWorkBusy: 'The export is busy; try again in a minute.',
  heavyWorkTooLarge:
    'This export is too large to prepare. Choose a shorter date range or a location, and try again.',

  // Booking mails (issue 17 items 9, 10; beyond the spec)
  testMailSent: (to: string) => `Test e-mail sent to ${to}.`,
} as const
