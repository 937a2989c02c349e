#!/usr/bin/env python3
"""Pin the odds feed servers in /etc/hosts.

The shop's ISP resolver is slow and sometimes wrong during big race
meetings, so the feed host names are pinned to known addresses in a
managed block at the end of /etc/hosts.
"""
import argparse
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# >>> odds-feed pins >>>"
END = "# <<< odds-feed pins <<<"
DEFAULT_PINS = {
    "feed1.oddsfeed.example": "198.51.100.11",
    "feed2.oddsfeed.example": "198.51.100.12",
    "results.oddsfeed.example": "198.51.100.20",
    "pricing.bookie-ops.example": "192.0.2.30",
}

log = logging.getLogger("hosts_pinner")


def load_pins(path):
    pins = {}
    if path is None:
        return dict(DEFAULT_PINS)
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        addr, name = line.split()[:2]
        pins[name] = addr
    return pins


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render_block(pins):
    block = [BEGIN]
    for name in sorted(pins):
        block.append("{}\t{}".format(pins[name], name))
    block.append(END)
    return block


def write_hosts(target, lines):
    backup = target.with_name(target.name + ".bak")
    shutil.copy2(target, backup)
    fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    log.info("updated %s (backup at %s)", target, backup)


def main():
    parser = argparse.ArgumentParser(description="Pin odds feed hosts in /etc/hosts")
    parser.add_argument("--pins", help="file of 'address name' lines")
    parser.add_argument("--hosts", type=Path, default=HOSTS_FILE)
    parser.add_argument("--remove", action="store_true", help="drop the managed block")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("writing %s needs root; rerun with sudo", args.hosts)
        return 1

    current = args.hosts.read_text().splitlines()
    lines = strip_block(current)
    while lines and not lines[-1].strip():
        lines.pop()
    if not args.remove:
        lines.append("")
        lines.extend(render_block(load_pins(args.pins)))

    if lines == current:
        log.info("no change needed")
        return 0
    if args.dry_run:
        print("\n".join(lines))
        return 0
    write_hosts(args.hosts, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
