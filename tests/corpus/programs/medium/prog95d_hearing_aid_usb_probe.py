#!/usr/bin/env python3
"""Detect hearing-aid programming interfaces on a fitting workstation.

Looks for NOAHlink Wireless dongles, HI-PRO 2 boxes and manufacturer
streamers on the USB bus, reports which ones the fitting user can open,
and prepares a udev rule file (written to the current directory) that IT
can review and install so the fitting software does not need root.
"""
import argparse
import grp
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hi_usb")

SYSFS_USB = Path("/sys/bus/usb/devices")

# vendor:product -> description (from the interface vendors' install notes)
KNOWN_INTERFACES = {
    ("0483", "5740"): "HI-PRO 2 (virtual COM)",
    ("0403", "6001"): "HI-PRO USB (FTDI)",
    ("2b1e", "0101"): "NOAHlink Wireless dongle",
    ("2b1e", "0102"): "NOAHlink Wireless 2 dongle",
    ("1915", "520f"): "Manufacturer programming streamer",
}

RULE_TEMPLATE = ('SUBSYSTEM=="{subsystem}", ATTRS{{idVendor}}=="{vid}", '
                 'ATTRS{{idProduct}}=="{pid}", MODE="0660", GROUP="{group}", '
                 'TAG+="uaccess"\n')


def read_attr(dev: Path, name: str) -> str:
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def scan_bus():
    for dev in sorted(SYSFS_USB.iterdir()):
        vid, pid = read_attr(dev, "idVendor"), read_attr(dev, "idProduct")
        if (vid, pid) in KNOWN_INTERFACES:
            yield {
                "sysfs": str(dev),
                "vid": vid,
                "pid": pid,
                "name": KNOWN_INTERFACES[(vid, pid)],
                "serial": read_attr(dev, "serial"),
                "busnum": read_attr(dev, "busnum"),
                "devnum": read_attr(dev, "devnum"),
            }


def device_nodes(sysfs_path: str):
    """Ask udev which /dev nodes belong to the interface."""
    out = subprocess.run(
        ["udevadm", "info", "--export-db"],
        capture_output=True, text=True, check=False,
    ).stdout
    prefix = os.path.realpath(sysfs_path).replace("/sys", "", 1)
    nodes, current = [], {}
    for line in out.splitlines() + [""]:
        if not line.strip():
            if "DEVNAME" in current and current.get("DEVPATH", "").startswith(prefix):
                nodes.append(current["DEVNAME"])
            current = {}
            continue
        if line.startswith("E: "):
            key, _, val = line[3:].partition("=")
            current[key] = val
    return sorted(set(nodes))


def access_report(nodes):
    return {n: os.access(n, os.R_OK | os.W_OK) for n in nodes}


def build_rules(devices, group: str) -> str:
    seen, lines = set(), ["# hearing-aid programming interfaces\n"]
    for d in devices:
        key = (d["vid"], d["pid"])
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"# {d['name']}\n")
        for subsystem in ("usb", "tty", "hidraw"):
            lines.append(RULE_TEMPLATE.format(subsystem=subsystem, vid=d["vid"],
                                              pid=d["pid"], group=group))
    return "".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="audiology",
                    help="group that fitting users belong to")
    ap.add_argument("--rules-out", type=Path,
                    default=Path("70-hearing-interfaces.rules"))
    ap.add_argument("--json", action="store_true", help="print JSON report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.warning("group %s does not exist on this machine", args.group)

    devices = list(scan_bus())
    if not devices:
        log.info("no known programming interface connected")
        return 1
    for d in devices:
        d["nodes"] = access_report(device_nodes(d["sysfs"]))

    if args.json:
        print(json.dumps(devices, indent=2))
    else:
        for d in devices:
            ok = all(d["nodes"].values()) if d["nodes"] else False
            print(f"{d['name']:<38} {d['vid']}:{d['pid']} serial={d['serial'] or '-'}"
                  f"  {'accessible' if ok else 'NO ACCESS'}")

    args.rules_out.write_text(build_rules(devices, args.group))
    log.info("rule file written to %s - hand it to IT for installation",
             args.rules_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
