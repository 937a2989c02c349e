#!/usr/bin/env python3
"""Run a parallel AFL++ campaign for one harness.

Starts one main and N-1 secondary afl-fuzz instances sharing a sync
directory and prints a status line from fuzzer_stats every minute until
interrupted. Host settings are left untouched: afl-fuzz is told to skip its
core_pattern and CPU governor checks, which costs a little throughput on
shared CI machines but needs no extra rights.

    python afl_campaign_runner.py --harness ./build/parse_fuzz --jobs 8
"""
import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("afl-campaign")

UNPRIVILEGED_ENV = {
    "AFL_SKIP_CPUFREQ": "1",
    "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",
    "AFL_NO_AFFINITY": "1",
}


@dataclass
class Campaign:
    harness: Path
    corpus: Path
    out: Path
    jobs: int
    dictionary: Path = None
    timeout_ms: int = 1000
    extra_env: dict = field(default_factory=dict)
    procs: list = field(default_factory=list)


def afl_command(c: Campaign, index: int) -> list:
    role = ["-M", "main"] if index == 0 else ["-S", f"sec{index:02d}"]
    cmd = ["afl-fuzz", *role, "-i", str(c.corpus), "-o", str(c.out), "-t", str(c.timeout_ms)]
    if c.dictionary:
        cmd += ["-x", str(c.dictionary)]
    if index % 3 == 2:
        cmd += ["-p", "exploit"]
    return cmd + ["--", str(c.harness), "@@"]


def start(c: Campaign) -> None:
    c.out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "AFL_NO_UI": "1", **UNPRIVILEGED_ENV, **c.extra_env}
    for i in range(c.jobs):
        logf = open(c.out / f"instance-{i:02d}.log", "ab")
        proc = subprocess.Popen(afl_command(c, i), stdout=logf, stderr=subprocess.STDOUT, env=env)
        c.procs.append(proc)
        log.info("started instance %d (pid %d)", i, proc.pid)
        time.sleep(0.5)


def read_stats(stats_file: Path) -> dict:
    out = {}
    try:
        for line in stats_file.read_text().splitlines():
            key, _, value = line.partition(":")
            out[key.strip()] = value.strip()
    except OSError:
        pass
    return out


def report(c: Campaign) -> None:
    execs = crashes = 0
    for stats in c.out.glob("*/fuzzer_stats"):
        s = read_stats(stats)
        execs += int(float(s.get("execs_per_sec", 0)))
        crashes += int(s.get("saved_crashes", s.get("unique_crashes", 0)))
    alive = sum(1 for p in c.procs if p.poll() is None)
    log.info("%d/%d alive, %d exec/s total, %d crashes", alive, len(c.procs), execs, crashes)


def main() -> int:
    ap = argparse.ArgumentParser(description="run a parallel AFL++ campaign")
    ap.add_argument("--harness", type=Path, required=True)
    ap.add_argument("--corpus", type=Path, default=Path("corpus"))
    ap.add_argument("--out", type=Path, default=Path("findings"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dict", type=Path, dest="dictionary")
    ap.add_argument("--timeout-ms", type=int, default=1000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.harness.exists():
        log.error("harness %s not found", args.harness)
        return 2
    campaign = Campaign(args.harness, args.corpus, args.out, max(1, args.jobs),
                        args.dictionary, args.timeout_ms)

    stopping = False

    def _stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    try:
        start(campaign)
        ticks = 0
        while not stopping and any(p.poll() is None for p in campaign.procs):
            time.sleep(1)
            ticks += 1
            if ticks % 60 == 0:
                report(campaign)
    finally:
        for p in campaign.procs:
            if p.poll() is None:
                p.terminate()
        for p in campaign.procs:
            p.wait(timeout=30)
    report(campaign)
    return 0


if __name__ == "__main__":
    sys.exit(main())
