#!/usr/bin/env python3
"""Build or load the 'trending now' rail for the homepage.

The rail is computed from the page-view export in ./exports and cached as a
pickle in ./cache so the homepage renderer can load it quickly. The template
revision (from git, via a small shell call) is stored with the cache so a
template change invalidates it.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

LOG = logging.getLogger("trending")


@dataclass
class TrendingRail:
    built_at: float
    template_rev: str
    items: list = field(default_factory=list)

    def is_fresh(self, max_age, rev):
        return (time.time() - self.built_at) < max_age and self.template_rev == rev


def template_revision(template_dir):
    # Ask git through the shell; the directory is passed via the environment.
    cmd = 'cd "$TPL_DIR" && git log -1 --format=%h -- . 2>/dev/null || echo unknown'
    proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True,
                          env=dict(os.environ, TPL_DIR=template_dir))
    rev = proc.stdout.strip() or "unknown"
    LOG.debug("template revision %s", rev)
    return rev


def compute(export_path, top_n, exclude_sections):
    counts = Counter()
    titles = {}
    with open(export_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("section") in exclude_sections:
                continue
            slug = row.get("slug")
            if not slug:
                continue
            try:
                counts[slug] += int(row.get("views", 0))
            except ValueError:
                continue
            titles[slug] = row.get("headline", slug)
    return [{"slug": s, "headline": titles[s], "views": v} for s, v in counts.most_common(top_n)]


def load_cache(path):
    try:
        with open(path, "rb") as fh:
            rail = pickle.load(fh)
    except FileNotFoundError:
        return None
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        LOG.warning("cache unreadable (%s), rebuilding", exc)
        return None
    return rail if isinstance(rail, TrendingRail) else None


def save_cache(path, rail):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as fh:
        pickle.dump(rail, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default="./exports/pageviews_last_6h.csv")
    ap.add_argument("--cache", default="./cache/trending.pkl")
    ap.add_argument("--templates", default="./templates/rails")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--max-age", type=int, default=600)
    ap.add_argument("--exclude", nargs="*", default=["obituaries", "corrections"])
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rev = template_revision(args.templates)
    rail = None if args.force else load_cache(args.cache)
    if rail and rail.is_fresh(args.max_age, rev):
        LOG.info("using cached rail from %s", time.ctime(rail.built_at))
    else:
        try:
            items = compute(args.export, args.top, set(args.exclude))
        except OSError as exc:
            LOG.error("cannot read export: %s", exc)
            return 1
        rail = TrendingRail(time.time(), rev, items)
        save_cache(args.cache, rail)
        LOG.info("rebuilt rail with %d items", len(items))
    for i, item in enumerate(rail.items, 1):
        print(f"{i:2d}. {item['headline'][:70]:70s} {item['views']:>8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
