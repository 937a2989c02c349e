#!/usr/bin/env python3
"""Submit a PySpark job with the team's standard spark-submit options.

Wraps ``spark-submit`` so every job gets the same conf, retries on
transient YARN failures, and streams driver output. A heartbeat thread
writes a small status file next to the job so the Airflow sensor can see
that the driver is still alive.

    python spark_job_launcher.py jobs/daily_rollup.py --conf-file spark.json -- --date 2024-03-01
"""
import argparse
import json
import logging
import os
import shlex
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("spark_submit")

DEFAULT_CONF = {
    "spark.master": "yarn",
    "spark.submit.deployMode": "client",
    "spark.executor.memory": "4g",
    "spark.executor.cores": "2",
    "spark.dynamicAllocation.enabled": "true",
    "spark.sql.shuffle.partitions": "400",
}
TRANSIENT_MARKERS = ("Connection refused", "ApplicationMaster", "Failed to connect to")


class Heartbeat(threading.Thread):
    """Periodically records that the submitting process is alive."""

    interval = float(os.environ.get("SPARK_HEARTBEAT_SECONDS", "30"))

    def __init__(self, job_name, status_dir=Path(".spark-status")):
        super().__init__(name="heartbeat", daemon=True)
        self.job_name = job_name
        self.path = status_dir / f"{job_name}.json"
        self._halt = threading.Event()

    def _beat(self, state):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        record = {"job": self.job_name, "host": socket.gethostname(),
                  "pid": os.getpid(), "state": state, "ts": time.time()}
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record))
        tmp.replace(self.path)

    def run(self):
        while not self._halt.is_set():
            try:
                self._beat("running")
            except OSError as exc:
                log.debug("heartbeat: %s", exc)
            self._halt.wait(self.interval)

    def stop(self, state="finished"):
        self._halt.set()
        try:
            self._beat(state)
        except OSError:
            pass


def load_conf(path):
    conf = dict(DEFAULT_CONF)
    if path:
        with open(path) as fh:
            conf.update(json.load(fh))
    return conf


def build_command(app, conf, job_args, py_files=None, name=None):
    cmd = [os.environ.get("SPARK_SUBMIT", "spark-submit"), "--name", name or Path(app).stem]
    for key, value in sorted(conf.items()):
        cmd += ["--conf", f"{key}={value}"]
    if py_files:
        cmd += ["--py-files", ",".join(py_files)]
    cmd.append(app)
    cmd.extend(job_args)
    return cmd


def submit(cmd, attempts):
    for attempt in range(1, attempts + 1):
        log.info("attempt %d: %s", attempt, " ".join(shlex.quote(c) for c in cmd))
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        tail = []
        for line in proc.stdout:
            sys.stdout.write(line)
            tail = (tail + [line])[-50:]
        rc = proc.wait()
        if rc == 0:
            return 0
        if not any(m in "".join(tail) for m in TRANSIENT_MARKERS):
            log.error("job failed with rc=%d (not retryable)", rc)
            return rc
        log.warning("transient failure rc=%d, backing off", rc)
        time.sleep(30 * attempt)
    return 1


def main():
    p = argparse.ArgumentParser(description="standard spark-submit wrapper")
    p.add_argument("app")
    p.add_argument("--conf-file")
    p.add_argument("--py-files", nargs="*")
    p.add_argument("--name")
    p.add_argument("--attempts", type=int, default=3)
    p.add_argument("--no-heartbeat", action="store_true")
    p.add_argument("job_args", nargs=argparse.REMAINDER)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    job_args = args.job_args[1:] if args.job_args[:1] == ["--"] else args.job_args
    try:
        conf = load_conf(args.conf_file)
    except (OSError, ValueError) as exc:
        log.error("bad conf file: %s", exc)
        return 2

    beat = None
    if not args.no_heartbeat:
        beat = Heartbeat(args.name or Path(args.app).stem)
        beat.start()
    rc = 1
    try:
        rc = submit(build_command(args.app, conf, job_args, args.py_files, args.name), args.attempts)
        return rc
    finally:
        if beat:
            beat.stop("finished" if rc == 0 else "failed")


if __name__ == "__main__":
    sys.exit(main())
