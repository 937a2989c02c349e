#!/usr/bin/env python3
"""Loads tree survey files (YAML, exported from the survey tablets) and builds
a risk summary for the arborist report. Parsed surveys are cached with pickle
so re-running the report on a big council job is quick.
"""
import argparse
import logging
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("survey_loader")

CACHE_DIR = Path(os.environ.get("SURVEY_CACHE", ".survey_cache"))
RISK_ORDER = {"low": 0, "moderate": 1, "high": 2, "extreme": 3}


@dataclass
class Tree:
    tag: str
    species: str
    dbh_cm: float
    height_m: float
    risk: str = "low"
    defects: list = field(default_factory=list)
    action: str = ""


def load_survey(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    trees = []
    for item in doc.get("trees", []):
        trees.append(Tree(
            tag=str(item.get("tag")),
            species=item.get("species", "unknown"),
            dbh_cm=float(item.get("dbh_cm", 0)),
            height_m=float(item.get("height_m", 0)),
            risk=str(item.get("risk", "low")).lower(),
            defects=list(item.get("defects", [])),
            action=item.get("action", ""),
        ))
    return doc.get("site", {}), trees


def cache_path(src):
    return CACHE_DIR / (src.stem + ".pkl")


def load_cached(src):
    cp = cache_path(src)
    if cp.exists() and cp.stat().st_mtime >= src.stat().st_mtime:
        with open(cp, "rb") as fh:
            log.debug("cache hit %s", cp)
            return pickle.load(fh)
    site, trees = load_survey(src)
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cp, "wb") as fh:
        pickle.dump((site, trees), fh)
    return site, trees


def summary(site, trees):
    lines = [f"Site: {site.get('name', '?')} ({site.get('address', '')})",
             f"Surveyed: {site.get('date', '?')} by {site.get('arborist', '?')}",
             f"Trees: {len(trees)}"]
    counts = {}
    for t in trees:
        counts[t.risk] = counts.get(t.risk, 0) + 1
    for risk in sorted(counts, key=lambda r: RISK_ORDER.get(r, 9)):
        lines.append(f"  {risk:9} {counts[risk]}")
    urgent = [t for t in trees if RISK_ORDER.get(t.risk, 0) >= 2]
    if urgent:
        lines.append("Priority works:")
        for t in sorted(urgent, key=lambda t: -RISK_ORDER.get(t.risk, 0)):
            lines.append(f"  #{t.tag} {t.species} {t.dbh_cm:.0f}cm "
                         f"- {t.action or 'assess'} ({', '.join(t.defects)})")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="Tree survey loader")
    ap.add_argument("surveys", nargs="+", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reports = []
    for src in args.surveys:
        if not src.exists():
            log.error("missing %s", src)
            continue
        site, trees = load_survey(src) if args.no_cache else load_cached(src)
        reports.append(summary(site, trees))

    text = "\n\n".join(reports)
    if args.output:
        args.output.write_text(text + "\n")
        log.info("report written to %s", args.output)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
