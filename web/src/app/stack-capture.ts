// React DOM creates five Error objects as its module initialises (its Suspense signals). Under an inspector
// (DevTools, Lighthouse, Playwright: Runtime.enable), V8 then collects the source positions of every frame on
// the stack, reparsing react-dom's whole module function and the entry chunk's top level: 30-45 ms of the
// main thread on this machine, 0 without an inspector. With Error.stackTraceLimit unset, an Error is made
// without a stack and nothing is reparsed (an error thrown while modules initialise shows its message only).
// The entry imports this module first and calls resumeStackCapture once every module has run.

type StackLimited = { stackTraceLimit?: number }

const errorConstructor = Error as unknown as StackLimited
const saved = errorConstructor.stackTraceLimit
delete errorConstructor.stackTraceLimit

/** Gives errors their stacks back (the limit the browser had). */
export function resumeStackCapture() {
  if (saved !== undefined) errorConstructor.stackTraceLimit = saved
}
