#!/usr/bin/env python3
"""Put a compute node into a reproducible state before a timing benchmark.

Reads /proc/cpuinfo to find the CPUs, then pins the cpufreq governor, disables
transparent huge pages and drops the page cache, runs the benchmark command and
restores the previous settings afterwards.  Must run as root (job prolog).
"""
import argparse
import glob
import json
import logging
import shlex
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("bench-tuner")

THP_ENABLED = "/sys/kernel/mm/transparent_hugepage/enabled"
DROP_CACHES = "/proc/sys/vm/drop_caches"
SWAPPINESS = "/proc/sys/vm/swappiness"
GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"


def logical_cpus() -> int:
    with open("/proc/cpuinfo", encoding="utf-8") as fh:
        return sum(1 for line in fh if line.startswith("processor"))


def read_knob(path: str) -> str:
    text = Path(path).read_text().strip()
    if "[" in text:  # "always [madvise] never" style
        return text[text.index("[") + 1:text.index("]")]
    return text


def write_knob(path: str, value: str) -> None:
    log.debug("echo %s > %s", value, path)
    with open(path, "w", encoding="ascii") as fh:
        fh.write(value + "\n")


class NodeState:
    def __init__(self):
        self.saved = {}

    def capture(self) -> None:
        for path in [THP_ENABLED, SWAPPINESS, *sorted(glob.glob(GOVERNOR_GLOB))]:
            try:
                self.saved[path] = read_knob(path)
            except OSError as exc:
                log.warning("cannot read %s: %s", path, exc)

    def apply(self, governor: str) -> None:
        for path in self.saved:
            if path.endswith("scaling_governor"):
                write_knob(path, governor)
        write_knob(THP_ENABLED, "never")
        write_knob(SWAPPINESS, "1")
        write_knob(DROP_CACHES, "3")

    def restore(self) -> None:
        for path, value in self.saved.items():
            try:
                write_knob(path, value)
            except OSError as exc:
                log.error("could not restore %s: %s", path, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--record", type=Path, default=Path("bench_state.json"))
    ap.add_argument("command", help="benchmark command line, quoted")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    log.info("node has %d logical CPUs", logical_cpus())
    state = NodeState()
    state.capture()
    args.record.write_text(json.dumps(state.saved, indent=1))
    try:
        state.apply(args.governor)
    except PermissionError:
        log.error("need root to tune the node (run from the SLURM prolog)")
        return 1
    start = time.perf_counter()
    try:
        rc = subprocess.call(shlex.split(args.command))
    finally:
        state.restore()
    log.info("benchmark finished rc=%d in %.2fs", rc, time.perf_counter() - start)
    return rc


if __name__ == "__main__":
    sys.exit(main())
