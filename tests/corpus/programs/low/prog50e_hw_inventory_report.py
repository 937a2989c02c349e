#!/usr/bin/env python3
"""Hardware inventory snapshot for support tickets.

Reads a handful of kernel-provided files that every user can read and writes
a compact JSON document into ./inventory/ so it can be attached to a ticket
by hand. Nothing leaves the machine.
"""
import argparse
import json
import logging
import os
import platform
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("hwinv")

SOURCES = {
    "cpuinfo": Path("/proc/cpuinfo"),
    "meminfo": Path("/proc/meminfo"),
    "os_release": Path("/etc/os-release"),
}


def parse_kv(text, sep=":"):
    out = {}
    for line in text.splitlines():
        if sep not in line:
            continue
        key, _, value = line.partition(sep)
        out[key.strip()] = value.strip().strip('"')
    return out


def cpu_summary(raw):
    blocks = [b for b in raw.split("\n\n") if b.strip()]
    if not blocks:
        return {}
    first = parse_kv(blocks[0])
    return {
        "model": first.get("model name", first.get("Hardware", "unknown")),
        "logical_cpus": len(blocks),
        "flags_count": len(first.get("flags", "").split()),
    }


def mem_summary(raw):
    kv = parse_kv(raw)
    def kib(name):
        try:
            return int(kv.get(name, "0 kB").split()[0])
        except ValueError:
            return 0
    return {"total_mib": kib("MemTotal") // 1024, "available_mib": kib("MemAvailable") // 1024}


class InventoryCollector:
    def __init__(self, outdir):
        self.outdir = Path(outdir)

    def read(self, name):
        path = SOURCES[name]
        try:
            return path.read_text(errors="replace")
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            return ""

    def collect(self):
        osr = parse_kv(self.read("os_release"), sep="=")
        return {
            "collected_at": datetime.now(timezone.utc).isoformat(),
            "machine": platform.machine(),
            "python": platform.python_version(),
            "os": {"id": osr.get("ID"), "version": osr.get("VERSION_ID"), "pretty": osr.get("PRETTY_NAME")},
            "cpu": cpu_summary(self.read("cpuinfo")),
            "memory": mem_summary(self.read("meminfo")),
        }

    def write(self, doc, ticket):
        self.outdir.mkdir(parents=True, exist_ok=True)
        target = self.outdir / f"inventory-{ticket}.json"
        target.write_text(json.dumps(doc, indent=2, sort_keys=True))
        os.chmod(target, 0o600)
        return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="draft", help="support ticket id used in the file name")
    ap.add_argument("--outdir", default="inventory")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    collector = InventoryCollector(args.outdir)
    doc = collector.collect()
    path = collector.write(doc, args.ticket)
    log.info("wrote %s (%d logical CPUs, %s MiB RAM)", path,
             doc["cpu"].get("logical_cpus", 0), doc["memory"]["total_mib"])


if __name__ == "__main__":
    main()
