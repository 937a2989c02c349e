#!/usr/bin/env python3
"""Swiss pairing helper: keeps tournament state between rounds.

State (players, colour history, previous opponents) is saved after every
round so the arbiter can resume on another laptop. Pairing sheets are
rendered to PDF through LaTeX.
"""
import argparse
import logging
import pickle
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("pairing")


@dataclass
class Player:
    name: str
    rating: int
    points: float = 0.0
    colours: list = field(default_factory=list)
    opponents: set = field(default_factory=set)

    def colour_due(self):
        whites = self.colours.count("W")
        blacks = self.colours.count("B")
        return "W" if whites <= blacks else "B"


class Tournament:
    def __init__(self, name, players):
        self.name = name
        self.players = players
        self.round = 0

    @classmethod
    def from_config(cls, cfg_path: Path):
        with cfg_path.open() as fh:
            cfg = yaml.load(fh, Loader=yaml.Loader)
        players = [Player(p["name"], int(p.get("rating", 0))) for p in cfg["players"]]
        return cls(cfg.get("name", cfg_path.stem), players)

    def save(self, path: Path):
        with path.open("wb") as fh:
            pickle.dump(self, fh)
        log.info("state saved to %s", path)

    @staticmethod
    def load(path: Path):
        with path.open("rb") as fh:
            return pickle.load(fh)

    def pair_next(self):
        """Simple score-group pairing: top half vs bottom half, avoid rematches."""
        self.round += 1
        pool = sorted(self.players, key=lambda p: (-p.points, -p.rating))
        pairs, used = [], set()
        for i, a in enumerate(pool):
            if a.name in used:
                continue
            for b in pool[i + 1:]:
                if b.name in used or b.name in a.opponents:
                    continue
                white, black = (a, b) if a.colour_due() == "W" else (b, a)
                pairs.append((white, black))
                used.update({a.name, b.name})
                break
        bye = [p for p in pool if p.name not in used]
        return pairs, bye[0] if bye else None


def render_sheet(t, pairs, bye, outdir: Path):
    outdir.mkdir(exist_ok=True)
    tex = outdir / f"round{t.round}.tex"
    rows = "\n".join(f"{i} & {w.name} & {b.name} \\\\" for i, (w, b) in enumerate(pairs, 1))
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        f"\\section*{{{t.name} -- Round {t.round}}}\n"
        "\\begin{tabular}{rll}\n" + rows + "\n\\end{tabular}\n"
        + (f"\n\nBye: {bye.name}\n" if bye else "") + "\\end{document}\n")
    cmd = f"pdflatex -interaction=nonstopmode -output-directory {outdir} {tex}"
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if proc.returncode:
        log.warning("pdflatex failed; .tex left in %s", outdir)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    n = sub.add_parser("new")
    n.add_argument("config", type=Path)
    n.add_argument("--state", type=Path, default=Path("tournament.state"))
    p = sub.add_parser("pair")
    p.add_argument("--state", type=Path, default=Path("tournament.state"))
    p.add_argument("--out", type=Path, default=Path("sheets"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cmd == "new":
        Tournament.from_config(args.config).save(args.state)
        return 0

    try:
        t = Tournament.load(args.state)
    except (OSError, pickle.UnpicklingError) as exc:
        log.error("cannot load state: %s", exc)
        return 1
    pairs, bye = t.pair_next()
    for w, b in pairs:
        print(f"{w.name:25s} - {b.name}")
        w.colours.append("W"); b.colours.append("B")
        w.opponents.add(b.name); b.opponents.add(w.name)
    render_sheet(t, pairs, bye, args.out)
    t.save(args.state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
