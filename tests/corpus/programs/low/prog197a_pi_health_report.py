#!/usr/bin/env python3
"""Health report for the Raspberry Pi that runs the greenhouse logger:
OS release, CPU model, load and disk use, written as JSON next to the logs."""
import argparse
import importlib
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("pi-health")
CACHE_DIR = Path(".health_cache")


@dataclass
class Report:
    generated: float = field(default_factory=time.time)
    os: dict = field(default_factory=dict)
    cpu: dict = field(default_factory=dict)
    load: list = field(default_factory=list)
    disk: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)


def parse_kv(path: str, sep: str) -> dict:
    out = {}
    try:
        with open(path) as fh:
            for line in fh:
                if sep in line:
                    k, v = line.split(sep, 1)
                    out.setdefault(k.strip(), v.strip().strip('"'))
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
    return out


def probe_os():
    info = parse_kv("/etc/os-release", "=")
    return {"name": info.get("PRETTY_NAME", "unknown"), "version": info.get("VERSION_ID", "")}


def probe_cpu():
    info = parse_kv("/proc/cpuinfo", ":")
    return {"model": info.get("Model") or info.get("model name", "unknown"),
            "hardware": info.get("Hardware", ""), "cores": os.cpu_count()}


def probe_load():
    return list(os.getloadavg())


def probe_disk():
    usage = shutil.disk_usage(".")
    return {"total_gb": round(usage.total / 1e9, 1), "free_pct": round(100 * usage.free / usage.total, 1)}


PROBES = {"os": probe_os, "cpu": probe_cpu, "load": probe_load, "disk": probe_disk}


def evaluate(rep: Report, cfg: dict) -> None:
    if rep.load and rep.load[0] > cfg["max_load"]:
        rep.warnings.append("high load %.2f" % rep.load[0])
    if rep.disk.get("free_pct", 100) < cfg["min_free_pct"]:
        rep.warnings.append("low disk %.1f%% free" % rep.disk["free_pct"])


def prune_cache(days: int) -> int:
    if not CACHE_DIR.is_dir():
        return 0
    cutoff = time.time() - days * 86400
    removed = 0
    for f in CACHE_DIR.glob("report-*.json"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep-days", type=int, default=14)
    ap.add_argument("--max-load", type=float, default=3.0)
    ap.add_argument("--min-free", type=float, default=10.0)
    ap.add_argument("--only", choices=sorted(PROBES), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rep = Report()
    for name in args.only or PROBES:
        try:
            setattr(rep, name, PROBES[name]())
        except OSError as exc:
            rep.warnings.append("%s probe failed: %s" % (name, exc))
    evaluate(rep, {"max_load": args.max_load, "min_free_pct": args.min_free})
    CACHE_DIR.mkdir(exist_ok=True)
    out = CACHE_DIR / time.strftime("report-%Y%m%d-%H%M%S.json")
    dumper = getattr(importlib.import_module("json"), "dumps")
    out.write_text(dumper(asdict(rep), indent=2))
    log.info("report written to %s (%d warnings)", out, len(rep.warnings))
    log.info("pruned %d old report(s)", prune_cache(args.keep_days))
    for w in rep.warnings:
        print("WARNING:", w)
    return 1 if rep.warnings else 0


if __name__ == "__main__":
    raise SystemExit(main())
