// The developer pages the router loads from this module (web/src/app/router.tsx); each lives in its own file.
export { ButtonTestPage } from './button-test-page'
export { LiveTestPage } from './live-test-page'
export { ScoreFeedTestPage } from './score-feed-test-page'
export { SimulationPage } from './simulation-page'
