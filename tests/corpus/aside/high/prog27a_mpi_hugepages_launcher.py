#!/usr/bin/env python3
"""Launch an MPI stencil benchmark with huge pages reserved.

Before starting mpirun, reserves 2 MiB huge pages by writing to
/proc/sys/vm/nr_hugepages and switches transparent huge pages to
"madvise" through /sys. Settings are restored afterwards. Runs as root
in the node prologue of the benchmark reservation.
"""
import argparse
import os
import subprocess
import sys

NR_HUGEPAGES = "/proc/sys/vm/nr_hugepages"
THP_ENABLED = "/sys/kernel/mm/transparent_hugepage/enabled"
HUGEPAGE_MB = 2


def read_value(path):
    with open(path) as fh:
        return fh.read().strip()


def write_value(path, value):
    with open(path, "w") as fh:
        fh.write(str(value))


def current_thp():
    raw = read_value(THP_ENABLED)
    for token in raw.split():
        if token.startswith("["):
            return token.strip("[]")
    return raw


def pages_needed(ranks, mem_per_rank_mb):
    return int(ranks * mem_per_rank_mb / HUGEPAGE_MB * 1.1) + 16


def run_benchmark(args):
    cmd = [
        "mpirun", "-np", str(args.ranks), "--bind-to", "core",
        "-x", "HUGETLB_MORECORE=yes",
        "-x", f"OMP_NUM_THREADS={args.threads}",
        args.binary, "--grid", str(args.grid), "--iters", str(args.iters),
    ]
    print("+", " ".join(cmd))
    return subprocess.run(cmd).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="./stencil3d")
    ap.add_argument("--ranks", type=int, default=64)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--grid", type=int, default=1024)
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--mem-per-rank", type=int, default=512, help="MiB")
    args = ap.parse_args()

    old_pages = read_value(NR_HUGEPAGES)
    old_thp = current_thp()
    want = pages_needed(args.ranks, args.mem_per_rank)
    print(f"hugepages: {old_pages} -> {want}; THP: {old_thp} -> madvise")

    try:
        write_value(NR_HUGEPAGES, want)
        write_value(THP_ENABLED, "madvise")
        got = int(read_value(NR_HUGEPAGES))
        if got < want:
            print(f"warning: only {got} huge pages could be reserved",
                  file=sys.stderr)
        rc = run_benchmark(args)
    finally:
        write_value(NR_HUGEPAGES, old_pages)
        write_value(THP_ENABLED, old_thp)
        print("restored huge page settings")
    return rc


if __name__ == "__main__":
    sys.exit(main())
