#!/usr/bin/env python3
"""Summarise read counts, lengths and base quality for FASTQ files.

A quick check to run on a delivery folder before handing data to a
customer: reports read count, length distribution, GC content and mean
quality per file, and writes a JSON summary next to the inputs.
"""

import argparse
import gzip
import json
import logging
import statistics
import sys
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("fastq_read_stats")


class FastqStats:
    def __init__(self, path: Path, phred_offset: int = 33, max_reads: int = 0):
        self.path = path
        self.offset = phred_offset
        self.max_reads = max_reads
        self.reads = 0
        self.bases = 0
        self.gc = 0
        self.qual_sum = 0
        self.lengths = Counter()

    def _open(self):
        if self.path.suffix == ".gz":
            return gzip.open(self.path, "rt")
        return open(self.path, "rt")

    def compute(self) -> "FastqStats":
        with self._open() as fh:
            while True:
                header = fh.readline()
                if not header:
                    break
                seq = fh.readline().rstrip()
                fh.readline()
                qual = fh.readline().rstrip()
                if not header.startswith("@") or len(seq) != len(qual):
                    raise ValueError(f"{self.path}: malformed record near read {self.reads + 1}")
                self.reads += 1
                self.bases += len(seq)
                self.gc += seq.count("G") + seq.count("C")
                self.qual_sum += sum(ord(c) - self.offset for c in qual)
                self.lengths[len(seq)] += 1
                if self.max_reads and self.reads >= self.max_reads:
                    break
        return self

    def summary(self) -> dict:
        if not self.reads:
            return {"file": self.path.name, "reads": 0}
        expanded = sorted(self.lengths.elements())
        return {
            "file": self.path.name,
            "reads": self.reads,
            "bases": self.bases,
            "min_len": min(self.lengths),
            "max_len": max(self.lengths),
            "median_len": statistics.median(expanded),
            "gc_pct": round(100 * self.gc / self.bases, 2),
            "mean_qual": round(self.qual_sum / self.bases, 2),
        }


def find_fastqs(folder: Path) -> list:
    patterns = ("*.fastq", "*.fq", "*.fastq.gz", "*.fq.gz")
    files = set()
    for pat in patterns:
        files.update(folder.glob(pat))
    return sorted(files)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--max-reads", type=int, default=0,
                    help="stop after N reads per file (0 = all)")
    ap.add_argument("--out", type=Path, default=Path("fastq_stats.json"))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    files = find_fastqs(args.folder)
    if not files:
        LOG.error("no FASTQ files in %s", args.folder)
        return 2

    results, failed = [], 0
    for path in files:
        try:
            summary = FastqStats(path, max_reads=args.max_reads).compute().summary()
        except (OSError, ValueError) as exc:
            LOG.error("%s", exc)
            failed += 1
            continue
        LOG.info("%s: %s reads, mean Q %s", path.name,
                 summary["reads"], summary.get("mean_qual"))
        results.append(summary)

    args.out.write_text(json.dumps(results, indent=2))
    LOG.info("wrote %s (%d files, %d failed)", args.out, len(results), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
