#!/usr/bin/env python3
"""Tune kernel network buffers on the DICOM router before a bulk migration.

Large C-STORE transfers from the legacy PACS stall on default socket buffer
sizes. This tool reports the current values, computes targets from the link
speed and CPU count, and (with --apply) writes them through /proc/sys.
A JSON snapshot of the previous values is kept so --restore can undo it.
"""
import argparse
import json
import logging
from pathlib import Path

log = logging.getLogger("cstore_tune")
PROC_SYS = Path("/proc/sys")
SNAPSHOT = Path("netbuf_snapshot.json")

KNOBS = {
    "net/core/rmem_max": lambda bdp: str(bdp),
    "net/core/wmem_max": lambda bdp: str(bdp),
    "net/ipv4/tcp_rmem": lambda bdp: f"4096 131072 {bdp}",
    "net/ipv4/tcp_wmem": lambda bdp: f"4096 65536 {bdp}",
    "net/core/netdev_max_backlog": lambda bdp: "30000",
}


def cpu_count():
    with open("/proc/cpuinfo") as fh:
        return sum(1 for line in fh if line.startswith("processor"))


def bandwidth_delay_product(link_mbit, rtt_ms):
    return int(link_mbit * 1_000_000 / 8 * rtt_ms / 1000)


def read_knob(name):
    return (PROC_SYS / name).read_text().strip()


def write_knob(name, value):
    target = PROC_SYS / name
    with open(target, "w") as fh:
        fh.write(value + "\n")
    log.info("set %s = %s", name.replace("/", "."), value)


def plan(link_mbit, rtt_ms):
    bdp = max(bandwidth_delay_product(link_mbit, rtt_ms), 4 * 1024 * 1024)
    return {name: fn(bdp) for name, fn in KNOBS.items()}


def apply(targets):
    snapshot = {name: read_knob(name) for name in targets}
    SNAPSHOT.write_text(json.dumps(snapshot, indent=2))
    for name, value in targets.items():
        try:
            write_knob(name, value)
        except PermissionError:
            log.error("no permission to write %s; run on the router as root", name)
            raise SystemExit(1)


def restore():
    if not SNAPSHOT.exists():
        raise SystemExit("no snapshot to restore from")
    for name, value in json.loads(SNAPSHOT.read_text()).items():
        write_knob(name, value)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--link-mbit", type=int, default=10000)
    ap.add_argument("--rtt-ms", type=float, default=4.0)
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--restore", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.restore:
        restore()
        return
    log.info("router has %d CPUs", cpu_count())
    targets = plan(args.link_mbit, args.rtt_ms)
    for name, value in targets.items():
        log.info("%-32s current=%-24s target=%s", name, read_knob(name), value)
    if args.apply:
        apply(targets)
    else:
        log.info("dry run; pass --apply to write the values")


if __name__ == "__main__":
    main()
