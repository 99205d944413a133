import { TaskListScreen } from '../components/task-list-screen';

/** /my-tasks 'My Tasks' (requester minimum; requesters are redirected by the route guard). */
export function Component() {
  return <TaskListScreen scope="mine" />;
}
