/**
 * The parts of `@colyseus/sdk`'s client and room this package's public types name. The package's own
 * declarations reference these rather than the SDK's: the SDK 0.18's declarations import `@colyseus/core`
 * (the server library), so a client project compiled with `skipLibCheck: false` failed inside them as soon
 * as this package's types pulled them in. The objects are the SDK's own: cast to its `Client` or `Room`
 * (`session.sdkRoom as Room`) to use the rest of them, which loads the SDK's declarations in your project.
 */

/** The SDK's `Room` of a session (changes when the session rejoins after a lost connection). */
export interface SdkRoom {
  readonly roomId: string;
  readonly sessionId: string;
  readonly reconnectionToken: string;
  /** Send a message (`room.send`); prefer the session's own calls, which pace and track answers. */
  send(type: string, message?: unknown): void;
}

/** The SDK's `Client` underneath an {@link IsleClient}. */
export interface SdkClient {
  joinById(roomId: string, options?: Record<string, unknown>): Promise<SdkRoom>;
  reconnect(reconnectionToken: string): Promise<SdkRoom>;
}
