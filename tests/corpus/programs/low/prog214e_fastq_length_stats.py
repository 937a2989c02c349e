#!/usr/bin/env python3
"""fastq_length_stats -- quick read-length / GC / quality summary for FASTQ.

Reads plain or gzipped FASTQ files from the working directory (or a stream on
stdin when given "-", e.g. `zcat lane*.fastq.gz | fastq_length_stats.py -`)
and writes a JSON summary.  Per-file results are cached under
./.fqstats_cache keyed by an MD5 of path, size and mtime.
"""

import argparse
import gzip
import hashlib
import io
import json
import logging
import os
import sys
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("fqstats")
CACHE_DIR = Path(".fqstats_cache")


class FastqStats:
    def __init__(self, name):
        self.name = name
        self.reads = 0
        self.bases = 0
        self.gc = 0
        self.qual_sum = 0
        self.lengths = Counter()

    def add(self, seq, qual, offset=33):
        n = len(seq)
        self.reads += 1
        self.bases += n
        self.gc += seq.count("G") + seq.count("C")
        self.qual_sum += sum(qual) - offset * n
        self.lengths[n] += 1

    def summary(self):
        return {
            "name": self.name,
            "reads": self.reads,
            "bases": self.bases,
            "gc_pct": round(100.0 * self.gc / self.bases, 2) if self.bases else 0.0,
            "mean_q": round(self.qual_sum / self.bases, 2) if self.bases else 0.0,
            "min_len": min(self.lengths) if self.lengths else 0,
            "max_len": max(self.lengths) if self.lengths else 0,
            "length_hist": {str(k): v for k, v in sorted(self.lengths.items())},
        }


def open_fastq(path):
    if path == "-":
        return io.TextIOWrapper(sys.stdin.buffer, encoding="ascii", errors="replace")
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="ascii", errors="replace")
    return open(path, "rt", encoding="ascii", errors="replace")


def scan(path, max_reads):
    stats = FastqStats(os.path.basename(path) if path != "-" else "stdin")
    with open_fastq(path) as fh:
        while max_reads <= 0 or stats.reads < max_reads:
            header = fh.readline()
            if not header:
                break
            seq = fh.readline().strip().upper()
            fh.readline()
            qual = fh.readline().strip().encode()
            if not header.startswith("@") or len(seq) != len(qual):
                raise ValueError(f"{path}: malformed record near read {stats.reads + 1}")
            stats.add(seq, qual)
    return stats.summary()


def cache_key(path, max_reads):
    st = os.stat(path)
    raw = f"{os.path.abspath(path)}:{st.st_size}:{st.st_mtime_ns}:{max_reads}"
    return hashlib.md5(raw.encode()).hexdigest()


def cached_scan(path, max_reads, use_cache=True):
    if path == "-" or not use_cache:
        return scan(path, max_reads)
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (cache_key(path, max_reads) + ".json")
    if entry.exists():
        LOG.debug("cache hit for %s", path)
        return json.loads(entry.read_text())
    result = scan(path, max_reads)
    entry.write_text(json.dumps(result))
    return result


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("inputs", nargs="*", help="FASTQ files, or - for stdin")
    p.add_argument("-o", "--output", default="fastq_stats.json")
    p.add_argument("--max-reads", type=int,
                   default=int(os.environ.get("FQSTATS_MAX_READS", "0")))
    p.add_argument("--no-cache", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inputs = args.inputs or sorted(str(x) for x in Path(".").glob("*.f*q*")
                                   if x.name.endswith((".fastq", ".fq", ".fastq.gz", ".fq.gz")))
    if not inputs:
        LOG.error("no FASTQ inputs found in %s", os.getcwd())
        return 2
    results, errors = [], 0
    for path in inputs:
        try:
            res = cached_scan(path, args.max_reads, use_cache=not args.no_cache)
        except (OSError, ValueError, EOFError) as exc:
            LOG.error("%s", exc)
            errors += 1
            continue
        LOG.info("%s: %d reads, GC %.1f%%, mean Q %.1f",
                 res["name"], res["reads"], res["gc_pct"], res["mean_q"])
        results.append(res)
    out = Path(args.output)
    out.write_text(json.dumps({"files": results}, indent=2))
    os.chmod(out, 0o600)
    LOG.info("summary written to %s", out)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
