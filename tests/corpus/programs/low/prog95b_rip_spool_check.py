#!/usr/bin/env python3
"""Spool health check for RIP servers.

Large-format RIPs write multi-gigabyte rasters to the spool disk while the
printer drains them. With the stock writeback settings the page cache fills,
the RIP stalls and the printer pauses mid-banner. This tool sizes writeback
and inotify limits from the machine's RAM, compares them with what the
kernel is using, checks spool free space and writes a report for IT.
"""
import argparse
import json
import logging
import shutil
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("rip-check")

PROC_SYS = Path("/proc/sys")


@dataclass
class Knob:
    key: str          # dotted sysctl name
    target: int
    reason: str

    @property
    def path(self):
        return PROC_SYS / self.key.replace(".", "/")

    def current(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None


def mem_total_kib():
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1])
    raise RuntimeError("MemTotal missing from /proc/meminfo")


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def plan(hotfolders):
    ram_gib = mem_total_kib() / (1024 * 1024)
    dirty_bytes = int(min(1024, max(256, ram_gib * 24)) * 1024 * 1024)
    return [
        Knob("vm.dirty_bytes", dirty_bytes, "cap dirty raster pages"),
        Knob("vm.dirty_background_bytes", dirty_bytes // 4,
             "start writeback early"),
        Knob("vm.swappiness", 10, "keep RIP heap resident"),
        Knob("vm.vfs_cache_pressure", 50, "keep hot-folder dentries cached"),
        Knob("fs.inotify.max_user_watches", max(65536, hotfolders * 8192),
             "one watch per hot-folder subtree"),
        Knob("fs.file-max", 262144, "RIP opens many tiles at once"),
    ]


def spool_space(spool):
    usage = shutil.disk_usage(spool)
    return {"path": str(spool), "free_gib": round(usage.free / 2**30, 1),
            "used_pct": round(100 * usage.used / usage.total, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hotfolders", type=int, default=24)
    ap.add_argument("--spool", type=Path, default=Path("."))
    ap.add_argument("--min-free-gib", type=float, default=200)
    ap.add_argument("--report", default="rip_spool_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    findings = []
    for knob in plan(args.hotfolders):
        cur = knob.current()
        ok = cur == knob.target
        log.info("%-32s now %-12s want %-12s %s", knob.key, cur, knob.target,
                 "ok" if ok else "# " + knob.reason)
        findings.append({**asdict(knob), "current": cur, "ok": ok})

    space = spool_space(args.spool)
    if space["free_gib"] < args.min_free_gib:
        log.warning("spool %s has only %.1f GiB free", args.spool,
                    space["free_gib"])

    report = {"cpu": cpu_model(), "mem_kib": mem_total_kib(),
              "spool": space, "sysctl": findings,
              "suggested_conf": [f"{f['key']} = {f['target']}"
                                 for f in findings if not f["ok"]]}
    Path(args.report).write_text(json.dumps(report, indent=2))
    log.info("report written to %s (%d suggestion(s))", args.report,
             len(report["suggested_conf"]))
    return 0 if not report["suggested_conf"] else 1


if __name__ == "__main__":
    sys.exit(main())
