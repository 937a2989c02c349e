#!/usr/bin/env python3
"""Launch a parallel AFL++ campaign for one harness.

Starts one main and N-1 secondary afl-fuzz instances sharing a sync
directory, tunes the host the way afl-fuzz expects, and prints a status line
from fuzzer_stats every minute until interrupted.

    python afl_campaign_launcher.py --harness ./build/parse_fuzz --jobs 8
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


class HostTuning:
    """Host settings afl-fuzz checks for at startup."""

    core_pattern = Path("/proc/sys/kernel/core_pattern")
    cpufreq_root = Path("/sys/devices/system/cpu")

    def __init__(self):
        self.saved = {}

    def _set(self, path: Path, value: str) -> None:
        try:
            current = path.read_text().strip()
            if current == value:
                return
            self.saved[path] = current
            path.write_text(value + "\n")
            log.info("set %s = %s (was %s)", path, value, current)
        except OSError as exc:
            log.warning("could not set %s: %s", path, exc)

    def apply(self) -> None:
        # Crashes must not be piped to apport/systemd-coredump or AFL misses them.
        self._set(self.core_pattern, "core")
        for gov in sorted(self.cpufreq_root.glob("cpu[0-9]*/cpufreq/scaling_governor")):
            self._set(gov, "performance")

    def restore(self) -> None:
        for path, value in self.saved.items():
            try:
                path.write_text(value + "\n")
            except OSError as exc:
                log.warning("could not restore %s: %s", path, exc)


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
    env = {**os.environ, "AFL_NO_UI": "1", **c.extra_env}
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
    ap = argparse.ArgumentParser(description="launch a parallel AFL++ campaign")
    ap.add_argument("--harness", type=Path, required=True)
    ap.add_argument("--corpus", type=Path, default=Path("corpus"))
    ap.add_argument("--out", type=Path, default=Path("findings"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dict", type=Path, dest="dictionary")
    ap.add_argument("--no-tune", action="store_true", help="leave host settings alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.harness.exists():
        log.error("harness %s not found", args.harness)
        return 2
    campaign = Campaign(args.harness, args.corpus, args.out, max(1, args.jobs), args.dictionary)
    tuning = HostTuning()
    if not args.no_tune:
        tuning.apply()

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
        tuning.restore()
    report(campaign)
    return 0


if __name__ == "__main__":
    sys.exit(main())
