#!/usr/bin/env python3
"""Summarise HL7 v2 ORU^R01 batch files into a flat results table.

Batch files from the reference lab are large and re-sent several times a
day with only a few new messages appended, so each message is parsed once
and the extracted result rows are cached on disk, keyed by the message
content.  Output is a CSV with one row per OBX segment.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import sys
from dataclasses import dataclass, asdict, fields
from pathlib import Path
from typing import Iterator, List

import hl7

LOG = logging.getLogger("hl7-batch")


@dataclass
class ResultRow:
    control_id: str
    mrn: str
    order_id: str
    test_code: str
    test_name: str
    value: str
    units: str
    ref_range: str
    flag: str
    observed_at: str


class ParseCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.hits = self.misses = 0

    @staticmethod
    def key(raw: str) -> str:
        return hashlib.md5(raw.encode("utf-8", "replace")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.pkl"

    def get(self, raw: str):
        path = self._path(self.key(raw))
        if path.exists():
            self.hits += 1
            with path.open("rb") as fh:
                return pickle.load(fh)
        self.misses += 1
        return None

    def put(self, raw: str, rows: List[ResultRow]) -> None:
        path = self._path(self.key(raw))
        path.parent.mkdir(exist_ok=True)
        with path.open("wb") as fh:
            pickle.dump(rows, fh, protocol=pickle.HIGHEST_PROTOCOL)


def split_messages(text: str) -> Iterator[str]:
    text = text.replace("\r\n", "\r").replace("\n", "\r")
    current = []
    for seg in text.split("\r"):
        if seg.startswith(("FHS", "BHS", "BTS", "FTS")) or not seg.strip():
            continue
        if seg.startswith("MSH") and current:
            yield "\r".join(current)
            current = []
        current.append(seg)
    if current:
        yield "\r".join(current)


def extract_rows(raw: str) -> List[ResultRow]:
    msg = hl7.parse(raw)
    control_id = str(msg.segment("MSH")[10])
    mrn = str(msg.segment("PID")[3][0][0]) if msg.segments("PID") else ""
    rows, order_id = [], ""
    for seg in msg:
        kind = str(seg[0])
        if kind == "OBR":
            order_id = str(seg[3])
        elif kind == "OBX":
            rows.append(ResultRow(
                control_id=control_id, mrn=mrn, order_id=order_id,
                test_code=str(seg[3][0][0]), test_name=str(seg[3][0][1]) if len(seg[3][0]) > 1 else "",
                value=str(seg[5]), units=str(seg[6]), ref_range=str(seg[7]),
                flag=str(seg[8]), observed_at=str(seg[14]) if len(seg) > 14 else "",
            ))
    return rows


def process_file(path: Path, cache: ParseCache) -> Iterator[ResultRow]:
    text = path.read_text(encoding="latin-1")
    for raw in split_messages(text):
        rows = cache.get(raw)
        if rows is None:
            try:
                rows = extract_rows(raw)
            except (hl7.exceptions.ParseException, IndexError, KeyError) as exc:
                LOG.warning("%s: unparseable message skipped (%s)", path.name, exc)
                continue
            cache.put(raw, rows)
        yield from rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batches", nargs="+", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("results.csv"))
    ap.add_argument("--cache-dir", type=Path, default=Path(".hl7cache"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ParseCache(args.cache_dir)
    total = 0
    with args.output.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[f.name for f in fields(ResultRow)])
        writer.writeheader()
        for batch in args.batches:
            for row in process_file(batch, cache):
                writer.writerow(asdict(row))
                total += 1
    LOG.info("%d result rows written; cache hits %d, misses %d", total, cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
