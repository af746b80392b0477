// What other features use of token login: the login page finishes a pending token login.
export { peekPendingTokenLogin } from './pending';
export { TokenLoginFinish } from './TokenLoginFinish';
