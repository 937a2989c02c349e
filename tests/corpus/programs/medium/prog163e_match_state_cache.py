#!/usr/bin/env python3
"""Cache live match state between restarts of the referee console.

If the console crashes mid-game, the referee can resume with the teams,
scores and remaining time intact.
"""
import argparse
import logging
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("match-cache")

CACHE_FILE = Path("/tmp/arena_match_state.pkl")
STALE_AFTER = 3 * 60 * 60


@dataclass
class Team:
    name: str
    colour: str
    players: List[str] = field(default_factory=list)
    score: int = 0


@dataclass
class MatchState:
    arena: str
    mode: str
    started: float
    duration: int
    teams: Dict[str, Team] = field(default_factory=dict)

    def remaining(self):
        return max(0, int(self.started + self.duration - time.time()))

    def add_points(self, team, points):
        self.teams[team].score += points


class StateCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path

    def save(self, state):
        with open(self.path, "wb") as fh:
            pickle.dump(state, fh)
        log.info("saved match on %s (%ds left)", state.arena, state.remaining())

    def load(self):
        if not self.path.exists():
            return None
        age = time.time() - self.path.stat().st_mtime
        if age > STALE_AFTER:
            log.warning("cached state is %d minutes old, ignoring", age // 60)
            return None
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def clear(self):
        if self.path.exists():
            self.path.unlink()


def new_match(arena, mode, minutes, red, blue):
    state = MatchState(arena=arena, mode=mode, started=time.time(), duration=minutes * 60)
    state.teams["red"] = Team("Red", "#d32f2f", red)
    state.teams["blue"] = Team("Blue", "#1976d2", blue)
    return state


def describe(state):
    lines = ["{} / {} - {}s remaining".format(state.arena, state.mode, state.remaining())]
    for team in state.teams.values():
        lines.append("  {:<5} {:>5} pts  {}".format(team.name, team.score, ", ".join(team.players)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Referee console match cache")
    sub = parser.add_subparsers(dest="cmd", required=True)
    start = sub.add_parser("start")
    start.add_argument("--arena", default="Arena A")
    start.add_argument("--mode", default="team-deathmatch")
    start.add_argument("--minutes", type=int, default=15)
    start.add_argument("--red", nargs="*", default=[])
    start.add_argument("--blue", nargs="*", default=[])
    score = sub.add_parser("score")
    score.add_argument("team", choices=["red", "blue"])
    score.add_argument("points", type=int)
    sub.add_parser("show")
    sub.add_parser("end")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = StateCache()
    if args.cmd == "start":
        state = new_match(args.arena, args.mode, args.minutes, args.red, args.blue)
        cache.save(state)
    elif args.cmd in ("score", "show"):
        state = cache.load()
        if state is None:
            print("no match in progress")
            return 1
        if args.cmd == "score":
            state.add_points(args.team, args.points)
            cache.save(state)
        print(describe(state))
    elif args.cmd == "end":
        cache.clear()
        print("match cleared")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
