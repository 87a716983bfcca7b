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
  internalError: 'Something went wrong on our side. Please try again.',
} as const
