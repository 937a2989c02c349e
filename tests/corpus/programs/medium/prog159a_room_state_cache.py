#!/usr/bin/env python3
"""Room state snapshots for the game master console.

Saves the state of each running game (solved puzzles, hints used, timer) so
a console restart mid-game does not lose progress, and loads the room layout
definitions the console draws its puzzle board from.
"""
import argparse
import logging
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("room-state")

STATE_DIR = Path("state")
LAYOUT_DIR = Path("layouts")


@dataclass
class GameState:
    room: str
    team: str
    started: float
    solved: list = field(default_factory=list)
    hints_used: int = 0
    paused_for: float = 0.0

    def elapsed(self, now=None):
        now = now or time.time()
        return max(0.0, now - self.started - self.paused_for)

    def solve(self, puzzle):
        if puzzle not in self.solved:
            self.solved.append(puzzle)


def snapshot_path(room):
    return STATE_DIR / ("%s.pickle" % room)


def save_state(state):
    STATE_DIR.mkdir(exist_ok=True)
    with snapshot_path(state.room).open("wb") as fh:
        pickle.dump(state, fh)
    log.debug("saved %s", state.room)


def restore_state(room):
    path = snapshot_path(room)
    if not path.exists():
        return None
    with path.open("rb") as fh:
        state = pickle.load(fh)
    log.info("restored %s: %d puzzles solved", room, len(state.solved))
    return state


def load_layout(room):
    path = LAYOUT_DIR / ("%s.yaml" % room)
    with path.open(encoding="utf-8") as fh:
        layout = yaml.load(fh, Loader=yaml.Loader)
    return layout or {}


def progress(state, layout):
    puzzles = [p["id"] for p in layout.get("puzzles", [])]
    done = [p for p in puzzles if p in state.solved]
    return len(done), len(puzzles)


def cmd_start(args):
    state = GameState(room=args.room, team=args.team, started=time.time())
    save_state(state)
    print("started %s for team %s" % (args.room, args.team))


def cmd_solve(args):
    state = restore_state(args.room)
    if state is None:
        print("no running game in %s" % args.room)
        return
    state.solve(args.puzzle)
    save_state(state)
    done, total = progress(state, load_layout(args.room))
    print("%s: %d/%d solved, %.0f min elapsed" % (args.room, done, total, state.elapsed() / 60))


def cmd_status(args):
    for path in sorted(STATE_DIR.glob("*.pickle")):
        state = restore_state(path.stem)
        done, total = progress(state, load_layout(state.room))
        print("%-12s team=%-14s %d/%d hints=%d %.0f min" % (
            state.room, state.team, done, total, state.hints_used, state.elapsed() / 60))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("start")
    p.add_argument("room")
    p.add_argument("team")
    p.set_defaults(func=cmd_start)
    p = sub.add_parser("solve")
    p.add_argument("room")
    p.add_argument("puzzle")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("status")
    p.set_defaults(func=cmd_status)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    args.func(args)


if __name__ == "__main__":
    main()
