// @fastify/rate-limit ships its stores without types; their constructors as index.js calls them.
declare module '@fastify/rate-limit/store/LocalStore' {
  const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore' {
  const RedisStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: unknown,
    key?: string,
  ) => unknown;
  export default RedisStore;
}
