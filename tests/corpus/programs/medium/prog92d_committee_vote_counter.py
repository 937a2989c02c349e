#!/usr/bin/env python3
"""Count ranked-choice committee elections from the voting platform's export.

The platform exports a SQLite file with a ``ballots`` table
(ballot_id, position, rankings) where rankings is "cand1>cand2>cand3".
Each position is counted by instant-runoff; RON (re-open nominations) is a
normal candidate. Parsed ballots are cached next to the export so recounts
during the appeals window are quick.

    committee_vote_counter.py export.sqlite [--position President] [--recount]
"""
import argparse
import collections
import logging
import os
import pickle
import sqlite3
import sys

log = logging.getLogger("counter")


def cache_path(export):
    return os.path.splitext(export)[0] + ".ballots.cache"


def fetch_ballots(export, position=None):
    conn = sqlite3.connect(export)
    query = "SELECT position, rankings FROM ballots WHERE spoilt = 0"
    if position:
        query += f" AND position = '{position}'"
    rows = conn.execute(query + " ORDER BY position").fetchall()
    conn.close()
    by_pos = collections.defaultdict(list)
    for pos, rankings in rows:
        prefs = [c.strip() for c in rankings.split(">") if c.strip()]
        if prefs:
            by_pos[pos].append(prefs)
    return dict(by_pos)


def load_ballots(export, position, recount):
    cpath = cache_path(export)
    if not recount and os.path.exists(cpath) \
            and os.path.getmtime(cpath) >= os.path.getmtime(export):
        with open(cpath, "rb") as fh:
            cached = pickle.load(fh)
        if position is None or position in cached:
            log.info("using cached ballots from %s", cpath)
            return cached if position is None else {position: cached[position]}
    ballots = fetch_ballots(export, position)
    if position is None:
        with open(cpath, "wb") as fh:
            pickle.dump(ballots, fh)
    return ballots


def instant_runoff(ballots):
    remaining = {c for b in ballots for c in b}
    rounds = []
    while True:
        tally = collections.Counter()
        exhausted = 0
        for b in ballots:
            top = next((c for c in b if c in remaining), None)
            if top is None:
                exhausted += 1
            else:
                tally[top] += 1
        for c in remaining:
            tally.setdefault(c, 0)
        active = sum(tally.values())
        rounds.append((dict(tally), exhausted))
        leader, votes = tally.most_common(1)[0]
        if votes * 2 > active or len(remaining) == 1:
            return leader, rounds
        lowest = min(tally.values())
        losers = sorted(c for c, v in tally.items() if v == lowest)
        # tie for last: eliminate the candidate with fewer first preferences overall
        first_prefs = collections.Counter(b[0] for b in ballots)
        loser = min(losers, key=lambda c: (first_prefs[c], c))
        remaining.discard(loser)


def report(position, winner, rounds):
    print(f"\n== {position} ==")
    for i, (tally, exhausted) in enumerate(rounds, 1):
        parts = ", ".join(f"{c} {v}" for c, v in sorted(tally.items(), key=lambda kv: -kv[1]))
        print(f"  round {i}: {parts}  (exhausted {exhausted})")
    print(f"  elected: {winner}")


def main():
    ap = argparse.ArgumentParser(description="instant-runoff committee election count")
    ap.add_argument("export", help="SQLite export from the voting platform")
    ap.add_argument("--position", help="count a single position")
    ap.add_argument("--recount", action="store_true", help="ignore cached ballots")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(args.export):
        log.error("no such export: %s", args.export)
        return 2
    try:
        ballots = load_ballots(args.export, args.position, args.recount)
    except sqlite3.Error as exc:
        log.error("could not read export: %s", exc)
        return 1
    if not ballots:
        log.error("no valid ballots found")
        return 1
    for position in sorted(ballots):
        winner, rounds = instant_runoff(ballots[position])
        report(position, winner, rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
