#!/usr/bin/env python3
"""Inventory block devices for the fleet dashboard (read-only).

Uses lsblk's JSON output plus `udevadm info` properties for each disk and
writes a CSV into the current directory. No device is opened or changed.
"""
import argparse
import csv
import json
import logging
import subprocess
from dataclasses import dataclass, field, asdict
from pathlib import Path

logger = logging.getLogger("blkinv")

LSBLK_COLS = "NAME,TYPE,SIZE,MODEL,SERIAL,ROTA,TRAN,MOUNTPOINT"
UDEV_KEYS = ("ID_BUS", "ID_WWN", "ID_PATH", "ID_FS_TYPE")


@dataclass
class Disk:
    name: str
    kind: str
    size: str
    model: str = ""
    serial: str = ""
    rotational: bool = False
    transport: str = ""
    mounts: list = field(default_factory=list)
    udev: dict = field(default_factory=dict)


def run_tool(argv, timeout=15):
    logger.debug("running %s", " ".join(argv))
    proc = subprocess.run(argv, capture_output=True, text=True,
                          timeout=timeout, check=False)
    if proc.returncode != 0:
        logger.warning("%s exited %d: %s", argv[0], proc.returncode,
                       proc.stderr.strip())
        return ""
    return proc.stdout


def list_disks():
    raw = run_tool(["lsblk", "--json", "--bytes", "-o", LSBLK_COLS])
    if not raw:
        return []
    tree = json.loads(raw).get("blockdevices", [])
    disks = []
    for node in tree:
        d = Disk(name=node["name"], kind=node.get("type", ""),
                 size=str(node.get("size", "")), model=(node.get("model") or "").strip(),
                 serial=node.get("serial") or "", rotational=bool(node.get("rota")),
                 transport=node.get("tran") or "")
        for child in node.get("children", []) or []:
            if child.get("mountpoint"):
                d.mounts.append(child["mountpoint"])
        disks.append(d)
    return disks


def udev_props(name):
    out = run_tool(["udevadm", "info", "--query=property", f"--name={name}"])
    props = {}
    for line in out.splitlines():
        key, _, value = line.partition("=")
        if key in UDEV_KEYS:
            props[key] = value
    return props


def write_csv(disks, path: Path):
    cols = ["name", "kind", "size", "model", "serial", "rotational",
            "transport", "mounts"] + list(UDEV_KEYS)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=cols)
        w.writeheader()
        for d in disks:
            row = asdict(d)
            udev = row.pop("udev")
            row["mounts"] = ";".join(row["mounts"])
            row.update({k: udev.get(k, "") for k in UDEV_KEYS})
            w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="block-inventory.csv")
    ap.add_argument("--include-loop", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    disks = list_disks()
    if not args.include_loop:
        disks = [d for d in disks if d.kind != "loop"]
    for d in disks:
        d.udev = udev_props(d.name)
    out = Path(args.output)
    write_csv(disks, out)
    logger.info("wrote %d disk(s) to %s", len(disks), out)


if __name__ == "__main__":
    main()
