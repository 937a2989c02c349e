#!/usr/bin/env python3
"""Micro-benchmark runner for the nightly benchmark dashboard.

Runs the library's core micro-benchmarks (parsing, serialising, hashing,
sorting), records host information next to the timings and writes one JSON
result file per run into ``bench-results/``.  To keep run-to-run noise low the
machine is put into a stable state first (performance governor, turbo off,
fixed address-space layout) and restored afterwards.
"""
import argparse
import contextlib
import glob
import hashlib
import json
import logging
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("microbench")

SAMPLE_DOC = {"id": 1, "name": "quill", "tags": ["a", "b", "c"] * 20,
              "nested": {"x": list(range(200)), "y": {"z": "w" * 300}}}
SAMPLE_TEXT = " ".join("token%d=value%d;" % (i, i) for i in range(2000))
KV_RE = re.compile(r"(\w+)=(\w+);")

TUNABLES = {
    "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor": "performance",
    "/sys/devices/system/cpu/intel_pstate/no_turbo": "1",
    "/proc/sys/kernel/randomize_va_space": "0",
    "/proc/sys/kernel/perf_event_paranoid": "-1",
}


def bench_json_roundtrip():
    json.loads(json.dumps(SAMPLE_DOC))


def bench_regex_scan():
    sum(1 for _ in KV_RE.finditer(SAMPLE_TEXT))


def bench_sha256_64k():
    hashlib.sha256(b"q" * 65536).hexdigest()


def bench_sort_100k():
    sorted(range(100000, 0, -1))


BENCHMARKS = {fn.__name__[len("bench_"):]: fn for fn in
              (bench_json_roundtrip, bench_regex_scan, bench_sha256_64k, bench_sort_100k)}


def read_key_values(path, sep):
    out = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if sep in line:
                    k, _, v = line.partition(sep)
                    out.setdefault(k.strip(), v.strip().strip('"'))
    except OSError:
        pass
    return out


def host_info():
    cpu = read_key_values("/proc/cpuinfo", ":")
    osrel = read_key_values("/etc/os-release", "=")
    return {
        "node": platform.node(),
        "cpu_model": cpu.get("model name", platform.processor()),
        "cpus": os.cpu_count(),
        "os": osrel.get("PRETTY_NAME", platform.system()),
        "kernel": platform.release(),
        "python": platform.python_version(),
    }


def _write_knob(path, value):
    try:
        with open(path, "w") as fh:
            fh.write(value)
    except PermissionError:
        subprocess.run(["sudo", "-n", "tee", path], input=value, text=True,
                       stdout=subprocess.DEVNULL, check=True)


@contextlib.contextmanager
def stable_system(enabled=True):
    saved = {}
    if enabled:
        for pattern, value in TUNABLES.items():
            for path in glob.glob(pattern):
                try:
                    saved[path] = Path(path).read_text().strip()
                    _write_knob(path, value)
                except (OSError, subprocess.CalledProcessError) as exc:
                    log.warning("could not tune %s: %s", path, exc)
        log.info("tuned %d kernel/cpufreq knobs", len(saved))
    try:
        yield saved
    finally:
        for path, old in saved.items():
            try:
                _write_knob(path, old)
            except (OSError, subprocess.CalledProcessError) as exc:
                log.warning("could not restore %s: %s", path, exc)


def measure(fn, warmup, repeat, inner):
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter_ns() - t0) / inner)
    return {
        "mean_ns": statistics.fmean(samples),
        "median_ns": statistics.median(samples),
        "stdev_ns": statistics.stdev(samples) if len(samples) > 1 else 0.0,
        "min_ns": min(samples),
        "repeat": repeat,
        "inner": inner,
    }


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-b", "--bench", action="append", choices=sorted(BENCHMARKS))
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--inner", type=int, default=20)
    ap.add_argument("--out", default="bench-results")
    ap.add_argument("--label", default=os.environ.get("BENCH_LABEL", "local"))
    ap.add_argument("--no-tune", dest="tune", action="store_false")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    selected = args.bench or sorted(BENCHMARKS)
    info = host_info()
    log.info("host: %s, %s cpus, %s", info["cpu_model"], info["cpus"], info["os"])

    results = {}
    with stable_system(args.tune) as tuned:
        info["tuned"] = sorted(tuned)
        for name in selected:
            results[name] = measure(BENCHMARKS[name], args.warmup, args.repeat, args.inner)
            r = results[name]
            log.info("%-16s median %10.0f ns  (+- %.1f%%)", name, r["median_ns"],
                     100.0 * r["stdev_ns"] / r["mean_ns"] if r["mean_ns"] else 0.0)

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out = out_dir / f"{stamp}-{args.label}.json"
    out.write_text(json.dumps({"label": args.label, "host": info, "results": results,
                               "created": stamp}, indent=2), encoding="utf-8")
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
