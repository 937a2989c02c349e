#!/usr/bin/env python3
"""Upload returned-kit damage photos to the depot claims portal.

Counter staff drop photos into ./damage/<contract_no>/ when a tool comes back
damaged.  This walks that tree, uploads anything new to the claims portal and
records what was sent in .uploaded.json so a re-run skips it.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("damage-upload")

PORTAL = os.environ.get("CLAIMS_PORTAL", "https://claims.toolhire-group.com")
STATE = Path(".uploaded.json")
EXTS = {".jpg", ".jpeg", ".png", ".heic"}


def load_state():
    if STATE.exists():
        return json.loads(STATE.read_text())
    return {}


def save_state(state):
    STATE.write_text(json.dumps(state, indent=2, sort_keys=True))


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def pending_photos(root, state):
    for contract_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for photo in sorted(contract_dir.iterdir()):
            if photo.suffix.lower() not in EXTS:
                continue
            key = digest(photo)
            if key in state:
                continue
            yield contract_dir.name, photo, key


def upload(session, token, contract, photo):
    with open(photo, "rb") as fh:
        r = session.post(
            f"{PORTAL}/api/contracts/{contract}/damage-photos",
            headers={"Authorization": f"Token {token}"},
            files={"photo": (photo.name, fh, "image/jpeg")},
            data={"taken_by": os.environ.get("USER", "counter")},
            timeout=60,
        )
    r.raise_for_status()
    return r.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="upload damage photos")
    ap.add_argument("--root", default="damage", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--prune", action="store_true",
                    help="remove local thumbnails cache after upload")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("CLAIMS_TOKEN")
    if not token:
        log.error("CLAIMS_TOKEN not set")
        return 2
    if not args.root.is_dir():
        log.error("no %s directory", args.root)
        return 1

    session = requests.Session()
    session.headers["User-Agent"] = "damage-uploader/1.4"

    state = load_state()
    sent = failed = 0
    for contract, photo, key in pending_photos(args.root, state):
        if args.dry_run:
            log.info("would upload %s/%s", contract, photo.name)
            continue
        try:
            remote_id = upload(session, token, contract, photo)
        except requests.RequestException as exc:
            log.warning("%s: %s", photo, exc)
            failed += 1
            continue
        state[key] = {"contract": contract, "file": photo.name, "id": remote_id}
        sent += 1
        save_state(state)

    if args.prune:
        for thumb in Path(".thumbs").glob("*.jpg"):
            thumb.unlink()
    log.info("uploaded %d photos, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
