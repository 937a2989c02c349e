#!/usr/bin/env python3
"""Small Swiss-system manager for club nights and rapid tournaments.

Keeps the tournament between rounds in a state file so the arbiter can
close the laptop between rounds, and pairs by score groups (top half
against bottom half, no rematches, colour balance). Not a FIDE-endorsed
pairing engine: for rated events use bbpPairings.

    swiss_round_manager.py new spring-rapid players.csv --rounds 5
    swiss_round_manager.py pair spring-rapid
    swiss_round_manager.py result spring-rapid 3 1-0
    swiss_round_manager.py standings spring-rapid
"""
import argparse
import csv
import logging
import shelve
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("swiss")
STATE_DIR = Path("tournaments")
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2": (0.5, 0.5),
           "+-": (1.0, 0.0), "-+": (0.0, 1.0)}


@dataclass
class Player:
    pid: int
    name: str
    rating: int
    score: float = 0.0
    opponents: list = field(default_factory=list)
    colours: list = field(default_factory=list)

    def colour_pref(self) -> int:
        return self.colours.count("b") - self.colours.count("w")


def state_file(name: str) -> str:
    STATE_DIR.mkdir(exist_ok=True)
    return str(STATE_DIR / name)


def cmd_new(args) -> int:
    with open(args.players, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    players = sorted((Player(0, r["name"].strip(), int(r.get("rating") or 0)) for r in rows),
                     key=lambda p: -p.rating)
    for i, p in enumerate(players, 1):
        p.pid = i
    with shelve.open(state_file(args.name), flag="n") as db:
        db["players"] = {p.pid: p for p in players}
        db["rounds"] = []
        db["total_rounds"] = args.rounds
    log.info("created %s with %d players", args.name, len(players))
    return 0


def pair_group(group: list, floaters: list):
    pool = floaters + group
    pairs, rest = [], []
    while len(pool) >= 2:
        a = pool.pop(0)
        half = len(pool) // 2
        order = pool[half:] + pool[:half]
        partner = next((b for b in order if b.pid not in a.opponents), None)
        if partner is None:
            rest.append(a)
            continue
        pool.remove(partner)
        pairs.append((a, partner))
    return pairs, rest + pool


def orient(a: Player, b: Player):
    if a.colour_pref() > b.colour_pref():
        return a, b
    if b.colour_pref() > a.colour_pref():
        return b, a
    return (a, b) if a.rating >= b.rating else (b, a)


def cmd_pair(args) -> int:
    with shelve.open(state_file(args.name), writeback=True) as db:
        rounds = db["rounds"]
        if rounds and any(g["result"] is None for g in rounds[-1]):
            log.error("round %d still has open games", len(rounds))
            return 1
        if len(rounds) >= db["total_rounds"]:
            log.error("all rounds played")
            return 1
        players = sorted(db["players"].values(), key=lambda p: (-p.score, -p.rating))
        games, floaters = [], []
        for score in sorted({p.score for p in players}, reverse=True):
            group = [p for p in players if p.score == score]
            pairs, floaters = pair_group(group, floaters)
            games.extend(pairs)
        bye = floaters[0] if floaters else None
        round_games = []
        for board, (a, b) in enumerate(games, 1):
            w, bl = orient(a, b)
            round_games.append({"board": board, "white": w.pid, "black": bl.pid,
                                "result": None})
            print(f"{board:3d}  {w.name:<25} - {bl.name}")
        if bye:
            bye.score += 1.0
            print(f"bye: {bye.name}")
        rounds.append(round_games)
    return 0


def cmd_result(args) -> int:
    if args.result not in RESULTS:
        log.error("result must be one of %s", ", ".join(RESULTS))
        return 2
    with shelve.open(state_file(args.name), writeback=True) as db:
        game = next((g for g in db["rounds"][-1] if g["board"] == args.board), None)
        if game is None:
            log.error("no board %d this round", args.board)
            return 2
        w, b = db["players"][game["white"]], db["players"][game["black"]]
        if game["result"] is None:
            w.opponents.append(b.pid); b.opponents.append(w.pid)
            w.colours.append("w"); b.colours.append("b")
        else:
            old = RESULTS[game["result"]]
            w.score -= old[0]; b.score -= old[1]
        pts = RESULTS[args.result]
        w.score += pts[0]; b.score += pts[1]
        game["result"] = args.result
    return 0


def cmd_standings(args) -> int:
    with shelve.open(state_file(args.name), flag="r") as db:
        players = db["players"]
        def buchholz(p):
            return sum(players[o].score for o in p.opponents)
        ranked = sorted(players.values(), key=lambda p: (-p.score, -buchholz(p), -p.rating))
        for i, p in enumerate(ranked, 1):
            print(f"{i:3d}. {p.name:<25} {p.score:4.1f}  bh {buchholz(p):5.1f}  ({p.rating})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("new"); p.add_argument("name"); p.add_argument("players")
    p.add_argument("--rounds", type=int, default=5); p.set_defaults(func=cmd_new)
    p = sub.add_parser("pair"); p.add_argument("name"); p.set_defaults(func=cmd_pair)
    p = sub.add_parser("result"); p.add_argument("name"); p.add_argument("board", type=int)
    p.add_argument("result"); p.set_defaults(func=cmd_result)
    p = sub.add_parser("standings"); p.add_argument("name"); p.set_defaults(func=cmd_standings)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        return args.func(args)
    except (KeyError, OSError) as exc:
        log.error("%s: %s", args.name, exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
