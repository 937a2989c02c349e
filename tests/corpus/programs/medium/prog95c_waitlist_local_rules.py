#!/usr/bin/env python3
"""Plot waiting-list manager for Meadow Lane Allotments.

Ranks applicants on the waiting list and produces the offer letters list when
plots fall vacant.  Committee-specific ranking rules (residency priority,
half-plot preferences, disability access) live as small Python files in the
rules/ folder next to the waiting list, so each site can keep its own.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import types
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("waitlist")

RULES_DIR = os.environ.get("WAITLIST_RULES_DIR", "rules")


@dataclass
class Applicant:
    ref: str
    name: str
    postcode: str
    applied: dt.date
    wants: str = "full"
    notes: str = ""
    score: float = 0.0
    tags: list = field(default_factory=list)


def read_waitlist(path):
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                applied = dt.date.fromisoformat(row["applied"])
            except (KeyError, ValueError):
                log.warning("skipping %s: bad applied date", row.get("ref"))
                continue
            out.append(Applicant(row["ref"], row["name"], row.get("postcode", ""),
                                 applied, row.get("wants", "full"), row.get("notes", "")))
    return out


class RuleHost:
    """Holds the ranking hooks contributed by rule files."""

    def __init__(self):
        self.hooks = []

    def register(self, fn):
        self.hooks.append(fn)
        return fn

    def apply(self, applicant):
        for hook in self.hooks:
            try:
                hook(applicant)
            except Exception as exc:  # a broken rule must not stop the run
                log.error("rule %s failed on %s: %s", getattr(hook, "__name__", hook), applicant.ref, exc)


def iter_local_rules(folder):
    root = Path(folder)
    if not root.is_dir():
        return
    for path in sorted(root.glob("*.py")):
        if path.name.startswith("_"):
            continue
        yield path.stem, path.read_text(encoding="utf-8")


def load_rules(host, folder):
    for name, source in iter_local_rules(folder):
        mod = types.ModuleType(f"waitlist_rules.{name}")
        mod.rules = host
        code = compile(source, f"{folder}/{name}.py", "exec")
        exec(code, mod.__dict__)
        log.info("loaded rule file %s", name)


def base_score(a, today):
    waited = (today - a.applied).days
    return waited / 30.0


def main():
    ap = argparse.ArgumentParser(description="Rank the allotment waiting list")
    ap.add_argument("waitlist", nargs="?", default="waiting_list.csv")
    ap.add_argument("--vacant", type=int, default=3, help="number of plots to offer")
    ap.add_argument("--out", default="offers.csv")
    ap.add_argument("--rules-dir", default=RULES_DIR)
    ap.add_argument("--no-rules", action="store_true", help="rank by date only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    applicants = read_waitlist(args.waitlist)
    if not applicants:
        log.error("no applicants found in %s", args.waitlist)
        return 1

    host = RuleHost()
    if not args.no_rules:
        try:
            load_rules(host, args.rules_dir)
        except (OSError, SyntaxError) as exc:
            log.warning("could not load rules (%s), ranking by date only", exc)

    today = dt.date.today()
    for a in applicants:
        a.score = base_score(a, today)
        host.apply(a)
    ranked = sorted(applicants, key=lambda a: (-a.score, a.applied))

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["rank", "ref", "name", "wants", "score", "tags"])
        for i, a in enumerate(ranked[: args.vacant], 1):
            w.writerow([i, a.ref, a.name, a.wants, f"{a.score:.1f}", ";".join(a.tags)])
    log.info("wrote %d offers to %s", min(args.vacant, len(ranked)), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
