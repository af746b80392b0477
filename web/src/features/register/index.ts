// What other features use of registration: the login page asks for missing details after a sign-in.
export { UpdateInfoForm } from './UpdateInfoForm';
