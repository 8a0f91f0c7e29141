export { defineJob, type JobDefinition, type JobRunInfo } from './define';
export {
  createJobQueue,
  JOBS_SCHEMA,
  type JobQueue,
  type JobQueueOptions,
  type SendOptions,
  type FailedJob,
  type JobState,
} from './queue';
export { allJobs } from './all-jobs';
