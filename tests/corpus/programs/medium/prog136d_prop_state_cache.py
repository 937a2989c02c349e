#!/usr/bin/env python3
"""Puzzle state snapshots for the GM dashboard.

Keeps a snapshot of every prop's state per session so the GM can rewind a
room after a power blip, loads the room's puzzle definitions from YAML and
issues short GM session codes for the booth tablets.
"""
import argparse
import hashlib
import logging
import pickle
import random
import string
import time
from pathlib import Path

import yaml

LOG = logging.getLogger("prop-state")

SNAP_DIR = Path("snapshots")
PIN_FILE = Path("gm_pins.txt")


def load_puzzles(path):
    """Room designers write these by hand; tags like !!python/tuple show up."""
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class SnapshotStore:
    def __init__(self, root=SNAP_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path(self, room, session):
        return self.root / f"{room}-{session}.pkl"

    def save(self, room, session, state):
        with open(self._path(room, session), "wb") as fh:
            pickle.dump({"ts": time.time(), "state": state}, fh)

    def load(self, room, session):
        p = self._path(room, session)
        if not p.exists():
            return None
        with open(p, "rb") as fh:
            return pickle.load(fh)

    def latest(self, room):
        snaps = sorted(self.root.glob(f"{room}-*.pkl"), key=lambda p: p.stat().st_mtime)
        if not snaps:
            return None
        with open(snaps[-1], "rb") as fh:
            return pickle.load(fh)


def new_session_code(length=6):
    # short enough to read aloud over the radio
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def hash_pin(pin):
    return hashlib.sha1(pin.encode()).hexdigest()


def set_gm_pin(name, pin):
    lines = [l for l in PIN_FILE.read_text().splitlines()] if PIN_FILE.exists() else []
    lines = [l for l in lines if not l.startswith(name + ":")]
    lines.append(f"{name}:{hash_pin(pin)}")
    PIN_FILE.write_text("\n".join(lines) + "\n")


def check_gm_pin(name, pin):
    if not PIN_FILE.exists():
        return False
    for line in PIN_FILE.read_text().splitlines():
        who, _, digest = line.partition(":")
        if who == name:
            return digest == hash_pin(pin)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot"); s.add_argument("room"); s.add_argument("puzzles")
    r = sub.add_parser("restore"); r.add_argument("room")
    sub.add_parser("code")
    p = sub.add_parser("set-pin"); p.add_argument("name"); p.add_argument("pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = SnapshotStore()
    if args.cmd == "snapshot":
        puzzles = load_puzzles(args.puzzles)
        state = {p["id"]: p.get("initial", {}) for p in puzzles.get("props", [])}
        session = time.strftime("%Y%m%d%H%M%S")
        store.save(args.room, session, state)
        LOG.info("saved %d props for %s/%s", len(state), args.room, session)
    elif args.cmd == "restore":
        snap = store.latest(args.room)
        if snap is None:
            LOG.error("no snapshot for %s", args.room)
            return 1
        for prop, st in snap["state"].items():
            print(f"{prop}: {st}")
    elif args.cmd == "code":
        print(new_session_code())
    elif args.cmd == "set-pin":
        set_gm_pin(args.name, args.pin)
        LOG.info("pin updated for %s", args.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
