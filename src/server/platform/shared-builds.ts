/**
 * Reads that are the same for everyone who asks (decision 0074): while one build of an answer
 * runs, everyone else asking for the same key waits for the next build, which starts when the
 * running one ends and is shared by all of them. Every answer is thus read after its request
 * arrived, so a change the person has just made, or has just been told of, is in it; and a crowd
 * asking at once (every open Master Activity Feed refetching on the same change) costs two builds
 * instead of one each.
 *
 * A failed build fails everyone who shared it; the next ask starts afresh. Keys with nothing
 * running are forgotten, so nothing is kept between crowds. (A calendar feed's text, kept five
 * minutes anyway, lets a poll join the build already running: feeds/service.ts.)
 */
export function sharedBuilds<A, T>(keyOf: (args: A) => string, build: (args: A) => Promise<T>): (args: A) => Promise<T> {
  interface Lane {
    running: Promise<T> | null;
    next: Promise<T> | null;
  }
  const lanes = new Map<string, Lane>();

  const start = (key: string, lane: Lane, args: A): Promise<T> => {
    const running = build(args);
    lane.running = running;
    const ended = () => {
      lane.running = null;
      if (!lane.next) lanes.delete(key);
    };
    running.then(ended, ended);
    return running;
  };

  /** The build after the running one, shared by everyone who asks before it starts. */
  const queue = (key: string, lane: Lane, args: A): Promise<T> => {
    const settled = () => undefined;
    // `ended` runs first (it was attached first), so the lane is free when this starts.
    return lane.running!.then(settled, settled).then(() => {
      lane.next = null;
      return start(key, lane, args);
    });
  };

  return (args) => {
    const key = keyOf(args);
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { running: null, next: null }));
    if (!lane.running) return start(key, lane, args);
    lane.next ??= queue(key, lane, args);
    return lane.next;
  };
}
