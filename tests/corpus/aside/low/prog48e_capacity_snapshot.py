#!/usr/bin/env python3
"""Capacity check runbook: snapshot CPU, memory and disk headroom of this
host and write a small report next to the runbook (current directory)."""
import argparse
import json
import logging
import os
import platform
import time
from dataclasses import asdict, dataclass, field

LOG = logging.getLogger("capacity")


@dataclass
class Snapshot:
    hostname: str
    distro: str = "unknown"
    cpu_model: str = "unknown"
    cpu_count: int = 0
    mem_total_kb: int = 0
    mem_available_kb: int = 0
    load: tuple = (0.0, 0.0, 0.0)
    disks: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, val = line.strip().partition("=")
                if sep:
                    info[key] = val.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return info.get("PRETTY_NAME", "unknown")


def read_cpuinfo(path="/proc/cpuinfo"):
    model, count = "unknown", 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("processor"):
                count += 1
            elif line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
    return model, count


def read_meminfo(path="/proc/meminfo"):
    vals = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            name, _, rest = line.partition(":")
            vals[name] = int(rest.split()[0])
    return vals.get("MemTotal", 0), vals.get("MemAvailable", 0)


def disk_headroom(paths):
    out = {}
    for p in paths:
        st = os.statvfs(p)
        total = st.f_blocks * st.f_frsize
        free = st.f_bavail * st.f_frsize
        out[p] = {"total_gb": round(total / 1e9, 1),
                  "free_pct": round(100.0 * free / total, 1) if total else 0.0}
    return out


def evaluate(snap, mem_floor_pct, disk_floor_pct):
    if snap.mem_total_kb:
        pct = 100.0 * snap.mem_available_kb / snap.mem_total_kb
        if pct < mem_floor_pct:
            snap.warnings.append(f"memory headroom {pct:.1f}% < {mem_floor_pct}%")
    if snap.load[1] > snap.cpu_count:
        snap.warnings.append(f"5m load {snap.load[1]:.2f} exceeds {snap.cpu_count} cpus")
    for mount, d in snap.disks.items():
        if d["free_pct"] < disk_floor_pct:
            snap.warnings.append(f"{mount} only {d['free_pct']}% free")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mount", action="append", default=None)
    ap.add_argument("--mem-floor", type=float, default=15.0)
    ap.add_argument("--disk-floor", type=float, default=10.0)
    ap.add_argument("--out", default="capacity_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    snap = Snapshot(hostname=platform.node())
    snap.distro = read_os_release()
    snap.cpu_model, snap.cpu_count = read_cpuinfo()
    snap.mem_total_kb, snap.mem_available_kb = read_meminfo()
    snap.load = os.getloadavg()
    snap.disks = disk_headroom(args.mount or ["/", "."])
    evaluate(snap, args.mem_floor, args.disk_floor)

    report = asdict(snap)
    report["taken_at"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(args.out, 0o600)
    for w in snap.warnings:
        LOG.warning(w)
    LOG.info("report written to %s (%d warnings)", args.out, len(snap.warnings))


if __name__ == "__main__":
    main()
