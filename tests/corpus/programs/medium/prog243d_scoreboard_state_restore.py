#!/usr/bin/env python3
"""Restore the scoreboard after a power cut.

The scoreboard app snapshots its in-memory state to state/scoreboard.pkl
every minute.  After the generator kicks in, the marshal runs this to load
the last snapshot, show the standings on the terminal and write a CSV the
display app can import.
"""

import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("sb-restore")

SHOW_SH = r"""
printf '%s\n' "$SB_TITLE"
printf '%*s\n' "${#SB_TITLE}" '' | tr ' ' '-'
column -t -s, "$SB_CSV"
"""


class TeamScore:
    def __init__(self, team, points=0, eliminations=0, flags=0):
        self.team = team
        self.points = points
        self.eliminations = eliminations
        self.flags = flags

    def as_row(self):
        return [self.team, self.points, self.eliminations, self.flags]


class Snapshot:
    def __init__(self, path: Path):
        self.path = path
        self.game = "unknown"
        self.teams = []
        self.saved_at = None

    def load(self):
        with self.path.open("rb") as fh:
            state = pickle.load(fh)
        self.game = state.get("game", "unknown")
        self.saved_at = state.get("saved_at")
        for t in state.get("teams", []):
            if isinstance(t, TeamScore):
                self.teams.append(t)
            elif isinstance(t, dict):
                self.teams.append(TeamScore(**t))
        self.teams.sort(key=lambda t: (-t.points, t.team))
        return self

    def age_minutes(self):
        if not self.saved_at:
            return None
        return (time.time() - self.saved_at) / 60


def write_csv(snapshot: Snapshot, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["team", "points", "eliminations", "flags"])
        for t in snapshot.teams:
            w.writerow(t.as_row())
    return out


def show(snapshot: Snapshot, csv_path: Path):
    env = dict(os.environ, SB_CSV=str(csv_path),
               SB_TITLE=f"Standings: {snapshot.game}")
    res = subprocess.run(["bash", "-c", SHOW_SH], env=env, text=True,
                         capture_output=True)
    if res.returncode != 0:
        LOG.warning("could not pretty-print: %s", res.stderr.strip())
        print(csv_path.read_text())
    else:
        print(res.stdout, end="")


def main():
    p = argparse.ArgumentParser(description="Restore scoreboard from snapshot")
    p.add_argument("--snapshot", type=Path, default=Path("state/scoreboard.pkl"))
    p.add_argument("--out", type=Path, default=Path("out/standings.csv"))
    p.add_argument("--max-age", type=float, default=30.0, help="warn if older (min)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        snap = Snapshot(args.snapshot).load()
    except FileNotFoundError:
        LOG.error("no snapshot at %s", args.snapshot)
        return 1
    except (pickle.UnpicklingError, EOFError, TypeError) as exc:
        LOG.error("snapshot unreadable: %s", exc)
        return 1
    age = snap.age_minutes()
    if age is not None and age > args.max_age:
        LOG.warning("snapshot is %.0f minutes old", age)
    out = write_csv(snap, args.out)
    show(snap, out)
    LOG.info("%d teams restored to %s", len(snap.teams), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
