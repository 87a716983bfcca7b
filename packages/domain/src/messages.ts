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
  emailAlreadyExist: 'Email already exist',
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

  // Package deals (spec 1 §5)
  packageNameCharacters: 'Only alphabets and numbers are allowed. (Max 1000 characters)',
  invalidTimeRangeNoStop: 'Invalid time range',
  confirmPackageAttendeesChange:
    'Changing minimum attendees will remove the space mappings of this package. Do you want to continue?',

  // Generic toasts and confirmations
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
  notFound: 'Record not found.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  invalidRange: 'Range must look like 0-19.',
  invalidSearch: 'Search may contain only letters, digits, spaces and @ . - _ , & ( ) + / # :',
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
} as const
