/**
 * The LLM plug-in throws EndpointDownError when an endpoint keeps failing. Matching it by name keeps
 * the runner independent of the plug-in's module (and of duplicate class instances across loaders).
 */
export function isEndpointDown(error: unknown): error is Error {
  return error instanceof Error && error.name === "EndpointDownError";
}
