#!/usr/bin/env python3
"""Pin the telemetry collector hostnames to their current addresses in
/etc/hosts so that agents keep shipping metrics during resolver outages."""
import argparse
import json
import logging
import shutil
import socket
import sys
from datetime import datetime
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> telemetry-pins >>>"
END = "# <<< telemetry-pins <<<"
logger = logging.getLogger("hostpin")


def resolve_all(names):
    pinned = {}
    for name in names:
        try:
            infos = socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            logger.warning("cannot resolve %s: %s", name, exc)
            continue
        addrs = sorted({info[4][0] for info in infos})
        if addrs:
            pinned[name] = addrs[0]
            logger.info("%s -> %s", name, addrs[0])
    return pinned


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


def render_block(pinned):
    stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
    block = [BEGIN, f"# refreshed {stamp}"]
    block += [f"{addr}\t{name}" for name, addr in sorted(pinned.items())]
    block.append(END)
    return block


def update_hosts(pinned, dry_run):
    current = HOSTS.read_text().splitlines()
    new_lines = strip_block(current)
    while new_lines and not new_lines[-1].strip():
        new_lines.pop()
    new_lines += [""] + render_block(pinned)
    text = "\n".join(new_lines) + "\n"
    if dry_run:
        sys.stdout.write(text)
        return
    shutil.copy2(HOSTS, HOSTS.with_name("hosts.telemetry-bak"))
    tmp = HOSTS.with_name(".hosts.telemetry-tmp")
    tmp.write_text(text)
    tmp.chmod(0o644)
    tmp.replace(HOSTS)
    logger.info("updated %s with %d pins", HOSTS, len(pinned))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="collectors.json",
                    help="JSON list of collector hostnames")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.config) as fh:
        names = json.load(fh)
    pinned = resolve_all(names)
    if not pinned:
        logger.error("nothing resolved; leaving %s alone", HOSTS)
        return 1
    try:
        update_hosts(pinned, args.dry_run)
    except PermissionError:
        logger.error("need write access to %s (run as root)", HOSTS)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
