#!/usr/bin/env python3
"""case_index_cache.py

Builds an in-memory index of case folders on the clerk's working copy of
the records share (case number -> documents, last filing date) and caches
it between runs so lookups at the counter are instant. The cache is
rebuilt when the folder listing changes.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("case_index")
CACHE_DIR = Path("./.cache")


class CaseIndex:
    def __init__(self):
        self.cases = {}
        self.built_at = None

    def add(self, case_number, doc_path, mtime):
        entry = self.cases.setdefault(case_number, {"documents": [], "last_filed": 0.0})
        entry["documents"].append(str(doc_path))
        entry["last_filed"] = max(entry["last_filed"], mtime)

    def lookup(self, case_number):
        return self.cases.get(case_number.strip().upper())

    @classmethod
    def build(cls, root):
        index = cls()
        root = Path(root)
        for case_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            case_number = case_dir.name.upper()
            for doc in case_dir.rglob("*"):
                if doc.is_file():
                    index.add(case_number, doc.relative_to(root), doc.stat().st_mtime)
        index.built_at = datetime.now().isoformat(timespec="seconds")
        return index


def listing_fingerprint(root):
    digest = hashlib.md5()
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            digest.update(f"{path}:{os.path.getmtime(path)}".encode())
    return digest.hexdigest()


def load_index(root, rebuild=False):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_file = CACHE_DIR / f"case_index_{listing_fingerprint(root)}.pkl"
    if cache_file.exists() and not rebuild:
        try:
            with cache_file.open("rb") as handle:
                index = pickle.load(handle)
            LOG.info("loaded cached index built %s", index.built_at)
            return index
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            LOG.warning("cache unreadable (%s); rebuilding", exc)
    index = CaseIndex.build(root)
    for stale in CACHE_DIR.glob("case_index_*.pkl"):
        stale.unlink()
    with cache_file.open("wb") as handle:
        pickle.dump(index, handle, protocol=pickle.HIGHEST_PROTOCOL)
    LOG.info("built index of %d cases", len(index.cases))
    return index


def parse_args(argv):
    parser = argparse.ArgumentParser(description="look up case folders quickly")
    parser.add_argument("case_numbers", nargs="*", help="case numbers to look up")
    parser.add_argument("--root", default="./records_copy")
    parser.add_argument("--rebuild", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("records copy %s not found", args.root)
        return 1
    index = load_index(args.root, args.rebuild)
    missing = 0
    for number in args.case_numbers:
        entry = index.lookup(number)
        if entry is None:
            print(f"{number}: not found")
            missing += 1
            continue
        last = datetime.fromtimestamp(entry["last_filed"]).strftime("%Y-%m-%d")
        print(f"{number}: {len(entry['documents'])} documents, last filing {last}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
