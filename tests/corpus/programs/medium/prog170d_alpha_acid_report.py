#!/usr/bin/env python3
"""Alpha-acid lab report: per-variety averages from the QA database, cached between runs."""

import argparse
import logging
import operator
import pickle
import sqlite3
import statistics
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("aa-report")

CACHE_FILE = Path(".aa_report.cache")


@dataclass
class Filter:
    variety: str = ""
    field_block: str = ""
    season: int = date.today().year

    def clauses(self):
        parts = [f"season = {self.season}"]
        if self.variety:
            parts.append(f"variety = '{self.variety}'")
        if self.field_block:
            parts.append(f"block LIKE '{self.field_block}%'")
        return " AND ".join(parts)


class Query:
    _templates = {
        "samples": "SELECT variety, block, alpha_pct, beta_pct FROM lab_samples WHERE {where}",
        "varieties": "SELECT DISTINCT variety FROM lab_samples WHERE {where} ORDER BY {order}",
    }

    def __init__(self, conn):
        self.conn = conn

    def run(self, name, **parts):
        sql = self._templates[name].format(**parts)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()


def cached(fn):
    def wrapper(flt: Filter, *args, **kwargs):
        key = (flt.variety, flt.field_block, flt.season)
        store = {}
        if CACHE_FILE.exists():
            with CACHE_FILE.open("rb") as fh:
                store = pickle.load(fh)
        if key in store:
            log.info("cache hit for %s", key)
            return store[key]
        result = fn(flt, *args, **kwargs)
        store[key] = result
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(store, fh)
        return result
    return wrapper


@cached
def summarise(flt: Filter, db_path: Path):
    conn = sqlite3.connect(db_path)
    try:
        rows = Query(conn).run("samples", where=flt.clauses())
    finally:
        conn.close()
    grouped = {}
    for variety, block, alpha, beta in rows:
        grouped.setdefault(variety, []).append((alpha, beta))
    summary = {}
    for variety, vals in grouped.items():
        alphas = [a for a, _ in vals]
        betas = [b for _, b in vals]
        summary[variety] = {
            "n": len(vals),
            "alpha_mean": round(statistics.fmean(alphas), 2),
            "alpha_sd": round(statistics.pstdev(alphas), 2),
            "beta_mean": round(statistics.fmean(betas), 2),
        }
    return summary


SORTERS = {
    "alpha": operator.itemgetter("alpha_mean"),
    "count": operator.itemgetter("n"),
    "beta": operator.itemgetter("beta_mean"),
}


def render(summary, sort_key):
    keyfn = SORTERS[sort_key]
    lines = [f"{'variety':<18}{'n':>5}{'alpha%':>9}{'sd':>7}{'beta%':>8}"]
    for variety, stats in sorted(summary.items(), key=lambda kv: keyfn(kv[1]), reverse=True):
        lines.append(f"{variety:<18}{stats['n']:>5}{stats['alpha_mean']:>9}"
                     f"{stats['alpha_sd']:>7}{stats['beta_mean']:>8}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="qa_lab.sqlite")
    ap.add_argument("--variety", default="")
    ap.add_argument("--block", default="")
    ap.add_argument("--season", type=int, default=date.today().year)
    ap.add_argument("--sort", choices=sorted(SORTERS), default="alpha")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
    flt = Filter(variety=args.variety, field_block=args.block, season=args.season)
    summary = summarise(flt, Path(args.db))
    print(render(summary, args.sort))


if __name__ == "__main__":
    main()
