#!/usr/bin/env python3
"""Snapshot and restore puzzle state for a running room.

The show controller keeps each puzzle's progress in memory; this tool
saves snapshots so a game master can roll a room back after a prop reset,
and commits snapshots to the room's git repo for later review.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field

LOG = logging.getLogger("state-cache")
SNAP_DIR = os.environ.get("STATE_DIR", "./snapshots")


@dataclass
class PuzzleState:
    name: str
    solved: bool = False
    attempts: int = 0
    inputs: list = field(default_factory=list)


@dataclass
class RoomState:
    room: str
    started: str
    puzzles: dict = field(default_factory=dict)

    def summary(self):
        done = sum(p.solved for p in self.puzzles.values())
        return f"{self.room}: {done}/{len(self.puzzles)} solved"


def snapshot_path(room, stamp=None):
    stamp = stamp or dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return os.path.join(SNAP_DIR, f"{room}-{stamp}.pkl")


def save(state):
    os.makedirs(SNAP_DIR, exist_ok=True)
    path = snapshot_path(state.room)
    with open(path, "wb") as fh:
        pickle.dump(state, fh)
    return path


def load(path):
    with open(path, "rb") as fh:
        return pickle.load(fh)


def git_commit(path, message):
    script = f'cd "{SNAP_DIR}" && git add "{os.path.basename(path)}" && git commit -q -m "{message}"'
    res = subprocess.run(script, shell=True, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("git commit skipped: %s", res.stderr.strip() or res.stdout.strip())


def latest(room):
    try:
        names = sorted(n for n in os.listdir(SNAP_DIR) if n.startswith(room + "-"))
    except FileNotFoundError:
        return None
    return os.path.join(SNAP_DIR, names[-1]) if names else None


def demo_state(room):
    st = RoomState(room=room, started=dt.datetime.now().isoformat(timespec="seconds"))
    for name in ("bookcase", "clock", "safe", "organ"):
        st.puzzles[name] = PuzzleState(name=name)
    st.puzzles["bookcase"].solved = True
    st.puzzles["clock"].attempts = 3
    return st


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save"); s.add_argument("room"); s.add_argument("--commit", action="store_true")
    r = sub.add_parser("restore"); r.add_argument("room"); r.add_argument("--file")
    sub.add_parser("list")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        if args.cmd == "save":
            path = save(demo_state(args.room))
            LOG.info("saved %s", path)
            if args.commit:
                git_commit(path, f"snapshot {args.room}")
        elif args.cmd == "restore":
            path = args.file or latest(args.room)
            if not path:
                LOG.error("no snapshot for %s", args.room)
                return 1
            print(load(path).summary())
        else:
            for name in sorted(os.listdir(SNAP_DIR)):
                print(name)
    except (OSError, pickle.UnpicklingError) as exc:
        LOG.error("%s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
