// oidc-provider (development and tests only: the identity provider simulator) ships no types
declare module 'oidc-provider' {
  // biome-ignore lint/suspicious/noExplicitAny: an untyped package
  const Provider: any
  export default Provider
}
