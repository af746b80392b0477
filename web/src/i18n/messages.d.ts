// The per-language catalogue modules of web/vite.messages.ts.
declare module 'virtual:portico-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
