import type { viVN } from './vi-VN.js';

// English (en-US) interface messages. Typed against the vi-VN source: a missing or extra key
// fails typecheck.
export const enUS: Record<keyof typeof viVN, string> = {
  // ---- Shell: loading, language, navigation ---------------------------------------------
  app_loading: 'Loading...',
  lang_switch: 'Choose language',
  lang_vi: 'Tiếng Việt',
  lang_en: 'English',
  nav_toggle: 'Open or close the menu',
  nav_account_menu: 'Account menu',
  banner_tagline: 'One account for your whole learning journey',
  header_account: 'Account',
  footer_rights: '© {{year}} {{name}}. All rights reserved.',

  // ---- Not-found page ---------------------------------------------------------------------
  notfound_title: 'Page not found',
  notfound_heading: 'This page is under construction or does not exist',
  notfound_text:
    'The page you are looking for may still be in the works, may have moved, or no longer exists. Please head back to the home page.',
  notfound_home: 'Back to home',

  // ---- Account home -------------------------------------------------------------------------
  account_title: 'My account',
  account_welcome: 'Welcome, {{name}}',
  account_intro: 'Manage your personal info, security and privacy in one place.',
  account_menu_empty: 'Your account settings will appear here soon.',
  account_help: 'Help center',
  account_about: 'About us',

  // ---- Account menu -------------------------------------------------------------------------
  menu_home: 'Account home',
  menu_email: 'Email',
  menu_phone: 'Phone numbers',
  menu_address: 'Address book',
  menu_info: 'General info',
  menu_language: 'Default language',
  menu_profile: 'Profiles',
  menu_token: 'Access token',
  menu_security: 'Security',
  menu_password: 'Change password',
  menu_set_password: 'Set password',
  menu_device: 'Devices',
  menu_recovery_ways: 'Recovery methods',
  menu_delete: 'Delete account',
  menu_activity: 'Activity log',
  menu_kyc: 'Identity verification',
  menu_2fa: 'Two-step verification',
  menu_notification: 'Notification settings',
  menu_order: 'Orders',
  menu_point: 'Point history',
  menu_logout: 'Sign out',

  // ---- Common words -------------------------------------------------------------------------
  common_back: 'Back',
  common_cancel: 'Cancel',
  common_close: 'Close',
  common_confirm: 'Confirm',
  common_next: 'Continue',
  common_update: 'Update',
  common_save: 'Save',
  common_skip: 'Skip',
  common_retry: 'Try again',
  common_go_home: 'Go to home page',
  common_resend_code: 'Resend code',

  // ---- Genders ------------------------------------------------------------------------------
  gender_male: 'Male',
  gender_female: 'Female',
  gender_other: 'Other',

  // ---- Generic errors -----------------------------------------------------------------------
  error_unknown: 'Something went wrong. Please try again.',
  error_network: 'Cannot reach the server. Please check your connection and try again.',
  error_server: 'The system is having trouble. Please try again later.',
  error_bad_request: 'The request is not valid.',
  error_unauthorized: 'Your session has expired. Please sign in again.',
  error_forbidden: 'You are not allowed to do this.',
  error_not_found: 'The data was not found.',
  error_too_many_requests: 'Too many attempts. Please try again in a few minutes.',

  // ---- Sign-in and session: client validation messages --------------------------------------
  otp_is_required: 'Please enter the verification code.',
  otp_required: 'Please enter the OTP code.',
  otp_error_blank: 'The OTP code must not be empty.',
  error_username_empty: 'Please enter your e-mail or phone number.',
  error_email_invalid: 'The e-mail address is not valid.',
  error_password_empty: 'Please enter your password.',
  error_current_password_empty: 'Please enter your current password.',
  error_new_password_empty: 'Please enter a new password.',
  error_password_invalid:
    'The password must have at least 6 characters, including at least 1 digit and 1 special character.',
  error_confirm_new_password_empty: 'Please re-enter the new password.',
  error_confirm_new_password: 'The passwords do not match.',
  error_account_empty: 'Please enter your e-mail.',
  error_first_name_empty: 'Please enter your first name.',
  error_last_name_empty: 'Please enter your last name.',
  error_repassword_empty: 'Please re-enter the password.',
  error_birth_date_empty: 'Please choose your date of birth.',
  error_gender_empty: 'Please choose your gender.',
  please_enter_otp_code: 'Please enter the OTP code.',
  please_enter_code_2fa_code: 'Please enter the two-step verification code.',
  please_enter_verification_code: 'Please enter the verification code.',
  please_select_method_receive_2fa_code: 'Please choose how to receive the verification code.',
  login_invalid_external_info: 'The sign-in information from the linked account is not valid.',

  // ---- Sign-in and session: server answers --------------------------------------------------
  login_invalid_info: 'The account or password is incorrect.',
  error_multi_time: 'Too many failed sign-in attempts. Please complete the captcha to continue.',
  captcha_invalid: 'The captcha is not valid. Please try again.',
  captcha_error_empty: 'Please complete the captcha.',
  email_fake: 'This e-mail address does not exist or cannot receive mail. Please use another one.',
  account_is_delete: 'This account has been deleted. Please use another e-mail address.',

  // ---- Sign-in protection, one-time codes and sessions (server answers) --------------------
  otp_invalid: 'The verification code is incorrect.',
  otp_expired: 'The verification code has expired. Please request a new one.',
  otp_too_many_attempts: 'Too many wrong tries. Please request a new code.',
  invalid_otp: 'The verification code must contain digits only.',
  too_many_requests: 'Too many requests. Please try again in a few minutes.',
  account_locked: 'This account is temporarily locked after too many failed sign-ins. Please try again later.',
  login_session_expired: 'The sign-in session has expired. Please start signing in again.',
  unauthorized: 'Your session has expired. Please sign in again.',
  otp_method_email: 'Get a code by e-mail',
  otp_method_phone: 'Get a code by text message',

  // ---- One-time code messages (e-mail and SMS) ----------------------------------------------
  mail_code_subject: '{{product}} verification code: {{code}}',
  mail_code_text:
    'Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone. If you did not ask for a code, ignore this message.',
  sms_code_text: '{{product}}: your verification code is {{code}}, valid for {{minutes}} minutes. Do not share it.',

  // ---- Activity log entries -------------------------------------------------------------------
  activity_sign_in: 'Signed in with {{method}} on {{device}} (IP {{ip}})',
  activity_logout_all: 'Signed out of all devices',
  sign_in_method_password: 'password',
  sign_in_method_otp: 'a verification code',

  // ---- Sign-in and session: success and confirmation messages --------------------------------
  enter_security_code: 'Please enter the security code that was sent to you.',
  code_has_been_sent: 'The verification code has been sent.',
  change_password_success: 'Your password has been changed.',
  change_password_success_auto_login:
    'Your password has been changed. You will be signed in automatically with the new password!',
  set_password_success: 'Your password has been set.',
  change_email_success: 'Your e-mail address has been changed.',
  change_phone_success: 'Your phone number has been changed.',
  confirm_logout: 'Are you sure you want to sign out?',

  // ---- Sign-in and session: fixed page texts --------------------------------------------------
  logout_this_device: 'Sign out of this device',
  logout_all_devices: 'Sign out of all devices',
  error_clear_cache_hint: 'Try clearing your browser cache and try again.',
  callback_clock_skew:
    'The clock on your computer seems to be wrong. Please check your system date and time, then try again.',
  change_password_title: 'Change password',
  set_password_title: 'Set password',
  active_phone_title: 'Activate phone number',
  active_phone_success: 'Your new phone number has been activated',
  active_email_title: 'Activate e-mail',
  active_email_success: 'Your e-mail address has been activated',

  // ---- Account area: user messages ----------------------------------------------------------
  error_email_empty: 'Please enter an e-mail address.',
  email_required: 'The e-mail address is required.',
  email_invalid: 'The e-mail address is not in a valid format.',
  email_already: 'This e-mail address is already in use.',
  phone_required: 'Please enter a phone number.',
  invalid_phone_number: 'The phone number is not valid.',
  error_format_phone: 'The phone number is not in a valid format.',
  phone_already: 'This phone number is already in use.',
  invalid_password: 'The password is incorrect.',
  delete_account_confirm_error: 'Please confirm that you want to delete your account.',
  profile_name_required: 'Please enter a display name.',
  userProfile_education_level_req: 'Please choose the education level.',
  userProfile_education_school_req: 'Please choose the school.',
  userProfile_education_classification_req: 'Please choose the classification.',
  address_fullname_required: 'Please enter the full name.',
  address_phone_required: 'Please enter the phone number.',
  address_province_required: 'Please choose the province or city.',
  address_district_required: 'Please choose the district.',
  address_ward_required: 'Please choose the ward.',
  address_address_required: 'Please enter the street address.',
  error_language_empty: 'Please choose a language.',
  error_birth_year_invalid: 'The birth year is not valid.',
  invalid_identification: 'The identification number must have 8 to 12 characters.',
  please_upload_your_identity_captcha: 'Please upload the front and back images of your ID document.',
  authentication_code_is_incorrect: 'The authentication code is incorrect.',
  error_linking_by_other_user: 'This social account is already linked to another account.',

  // ---- Account area: success messages -------------------------------------------------------
  email_success: 'The e-mail address has been added.',
  email_success_verify: 'The e-mail address has been verified.',
  update_success: 'Updated successfully.',
  useremail_noti_delete: 'The e-mail address has been removed.',
  delete_success: 'Deleted successfully.',
  noti_add: 'Added successfully.',
  noti_delete: 'Deleted successfully.',
  noti_use: 'You are now using this profile.',
  noti_edit: 'Saved successfully.',
  logout_success: 'Signed out successfully.',
  address_noti_add: 'The address has been added.',
  address_noti_edit: 'The address has been updated.',
  address_noti_delete: 'The address has been deleted.',
  enable_2fa_success: 'Two-step verification is now on.',
  disable_2fa_success: 'Two-step verification is now off.',
  info_noti_info_success: 'Your information has been updated.',
  phone_noti_add: 'The phone number has been added.',
  phone_noti_verify: 'The phone number has been verified.',
  link_remove_success: 'The account link has been removed.',
  // OIDC pages rendered by the server
  signing_out: 'Signing you out...',
  logout_yes: 'Yes, sign me out',
  logout_no: 'No, stay signed in',
};
