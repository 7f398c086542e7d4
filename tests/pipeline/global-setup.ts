/** Placeholder global setup; the pipeline work (issue #3) starts a throwaway PostgreSQL here. */
export default function setup(): void {}
