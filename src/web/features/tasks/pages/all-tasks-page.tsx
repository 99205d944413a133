import { TaskListScreen } from '../components/task-list-screen';

/** /all-tasks 'All Tasks' (coordinator), with the Church Media Squad Queue and team workload. */
export function Component() {
  return <TaskListScreen scope="all" />;
}
