#!/usr/bin/env python3
"""Build a searchable index of Bruker NMR experiments.

Walks a data tree (``<user>/<dataset>/<expno>/acqus``), pulls the useful
acquisition parameters (pulse program, nucleus, solvent, scans, field) out
of each ``acqus`` file and writes index.csv.  Parsed results are cached by
a hash of the file's path, size and mtime so re-indexing the whole archive
only parses new experiments.  Optionally looks up sample titles from the
facility's read-only sample API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import re
import sys
from pathlib import Path

import requests

log = logging.getLogger("nmr-index")

CACHE_FILE = Path(".nmr_index_cache.json")
FIELDS = ["path", "user", "dataset", "expno", "pulprog", "nucleus", "solvent",
          "ns", "sfo1", "date", "title", "sample"]
PARAM_RE = re.compile(r"^##\$(\w+)=\s*(.*)$")


def cache_key(path):
    st = path.stat()
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def load_cache():
    try:
        return json.loads(CACHE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def parse_acqus(path):
    params = {}
    for line in path.read_text(errors="replace").splitlines():
        m = PARAM_RE.match(line)
        if m:
            params[m.group(1)] = m.group(2).strip("<> ")
    title_file = path.parent / "pdata" / "1" / "title"
    title = title_file.read_text(errors="replace").strip().splitlines()[0] if title_file.exists() else ""
    return {
        "pulprog": params.get("PULPROG", ""),
        "nucleus": params.get("NUC1", ""),
        "solvent": params.get("SOLVENT", ""),
        "ns": params.get("NS", ""),
        "sfo1": params.get("SFO1", ""),
        "date": params.get("DATE", ""),
        "title": title,
    }


def experiments(root):
    for acqus in root.glob("*/*/*/acqus"):
        expdir = acqus.parent
        yield acqus, expdir.parent.parent.name, expdir.parent.name, expdir.name


class SampleLookup:
    def __init__(self, base_url, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.memo = {}

    def name_for(self, dataset):
        if dataset in self.memo:
            return self.memo[dataset]
        name = ""
        try:
            r = self.session.get(f"{self.base_url}/samples", params={"dataset": dataset},
                                 timeout=self.timeout)
            if r.ok and r.json():
                name = r.json()[0].get("name", "")
        except (requests.RequestException, ValueError) as exc:
            log.debug("lookup %s failed: %s", dataset, exc)
        self.memo[dataset] = name
        return name


def build_index(root, lookup=None):
    cache = load_cache()
    rows, parsed = [], 0
    for acqus, user, dataset, expno in experiments(root):
        key = cache_key(acqus)
        entry = cache.get(key)
        if entry is None:
            try:
                entry = parse_acqus(acqus)
            except OSError as exc:
                log.warning("cannot read %s: %s", acqus, exc)
                continue
            cache[key] = entry
            parsed += 1
        row = dict(entry, path=str(acqus.parent), user=user, dataset=dataset, expno=expno)
        row["sample"] = lookup.name_for(dataset) if lookup else ""
        rows.append(row)
    CACHE_FILE.write_text(json.dumps(cache))
    log.info("%d experiments, %d newly parsed", len(rows), parsed)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description="index Bruker NMR experiments")
    ap.add_argument("root", type=Path, nargs="?", default=Path("nmrdata"))
    ap.add_argument("-o", "--output", type=Path, default=Path("index.csv"))
    ap.add_argument("--sample-api", default=os.environ.get("NMR_SAMPLE_API"))
    ap.add_argument("--clean", action="store_true", help="drop the parse cache first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and CACHE_FILE.exists():
        CACHE_FILE.unlink()
        log.info("removed %s", CACHE_FILE)
    if not args.root.is_dir():
        log.error("%s is not a directory", args.root)
        return 2

    lookup = SampleLookup(args.sample_api) if args.sample_api else None
    rows = build_index(args.root, lookup)
    rows.sort(key=lambda r: (r["user"], r["dataset"], int(r["expno"]) if r["expno"].isdigit() else 0))
    with args.output.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
