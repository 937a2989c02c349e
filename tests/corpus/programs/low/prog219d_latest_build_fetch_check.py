#!/usr/bin/env python3
"""Check whether the local workspace is behind the latest green CI build and
refresh the local artifact cache index.

Reads the CI status endpoint, compares with ./.build_state.json, and drops
stale entries from the local ./.artifact_cache directory."""

import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("buildcheck")

CI = {
    "host": ".".join(["ci", "example", "com"]),
    "route": "/api/v1/builds/latest",
}
STATE_FILE = Path(".build_state.json")
CACHE_DIR = Path(".artifact_cache")


def status_url(branch):
    return "https://{}{}?branch={}".format(CI["host"], CI["route"], branch)


def fetch_latest(branch, timeout):
    req = urllib.request.Request(status_url(branch),
                                 headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def artifact_ready(url, timeout):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status == 200
    except urllib.error.URLError:
        return False


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def cache_key(branch, changelist, platform):
    return hashlib.md5(f"{branch}/{changelist}/{platform}".encode()).hexdigest()


def prune_cache(keep_key):
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    for entry in CACHE_DIR.iterdir():
        if entry.name == keep_key:
            continue
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()
        removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--branch", default="main")
    ap.add_argument("--platform", default="Win64")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        latest = fetch_latest(args.branch, args.timeout)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("cannot reach CI: %s", exc)
        return 2

    state = load_state()
    cl = latest.get("changelist", 0)
    key = cache_key(args.branch, cl, args.platform)
    token = base64.urlsafe_b64encode(f"{args.branch}:{cl}".encode()).decode()
    log.info("latest green %s build: CL %s (ref %s)", args.branch, cl, token)

    if state.get("changelist") == cl:
        log.info("workspace is up to date")
    else:
        log.info("workspace at CL %s, behind by %s", state.get("changelist", "?"),
                 cl - int(state.get("changelist", 0) or 0))
        url = latest.get("artifact_url")
        if url and artifact_ready(url, args.timeout):
            log.info("artifact available: %s", url)

    if args.prune:
        log.info("pruned %d stale cache entries", prune_cache(key))

    state.update({"branch": args.branch, "changelist": cl, "cache_key": key})
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
