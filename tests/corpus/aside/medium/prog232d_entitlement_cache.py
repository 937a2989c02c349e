#!/usr/bin/env python3
"""Answer "which packages is this smartcard entitled to?" quickly at the bench.

Parses the conditional-access entitlement export (a big CSV) once, caches the
parsed index next to it, and reuses the cache while the export is unchanged.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import time
from collections import defaultdict

log = logging.getLogger("entitlements")
CACHE_DIR = ".cache"
CACHE_FILE = os.path.join(CACHE_DIR, "entitlements.pkl")


class EntitlementIndex:
    def __init__(self, source, source_mtime):
        self.source = source
        self.source_mtime = source_mtime
        self.by_card = defaultdict(set)
        self.built = time.time()

    @classmethod
    def from_csv(cls, path):
        idx = cls(os.path.abspath(path), os.path.getmtime(path))
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                card = row.get("card_id", "").strip()
                pkg = row.get("package", "").strip()
                if card and pkg and row.get("active", "1") == "1":
                    idx.by_card[card].add(pkg)
        log.info("indexed %d cards from %s", len(idx.by_card), path)
        return idx

    def packages(self, card):
        return sorted(self.by_card.get(card, ()))


def load_cached(path):
    if not os.path.exists(CACHE_FILE):
        return None
    try:
        with open(CACHE_FILE, "rb") as fh:
            idx = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("ignoring unreadable cache: %s", exc)
        return None
    if idx.source != os.path.abspath(path) or idx.source_mtime != os.path.getmtime(path):
        log.info("cache is stale; rebuilding")
        return None
    log.debug("using cache built %s", time.ctime(idx.built))
    return idx


def save_cache(idx):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(idx, fh)
    os.chmod(CACHE_FILE, 0o600)


def package_histogram(idx, top):
    """Hand the package column to sort/uniq to get the most common packages."""
    lines = "\n".join(p for pkgs in idx.by_card.values() for p in pkgs) + "\n"
    proc = subprocess.run(["bash", "-c", 'sort | uniq -c | sort -rn | head -n "$TOP_N"'],
                          input=lines, capture_output=True, text=True,
                          env=dict(os.environ, TOP_N=str(top)))
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="entitlement export CSV (card_id,package,active)")
    ap.add_argument("cards", nargs="*", help="smartcard ids to look up")
    ap.add_argument("--top", type=int, default=0, help="show the N most common packages")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.isfile(args.export):
        log.error("export %s not found", args.export)
        return 2
    idx = None if args.rebuild else load_cached(args.export)
    if idx is None:
        idx = EntitlementIndex.from_csv(args.export)
        save_cache(idx)

    for card in args.cards:
        pkgs = idx.packages(card)
        print(f"{card}: {', '.join(pkgs) if pkgs else '(no active entitlements)'}")
    if args.top:
        try:
            sys.stdout.write(package_histogram(idx, args.top))
        except RuntimeError as exc:
            log.error("histogram failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
