#!/usr/bin/env python3
"""Focus mode: block distracting sites for a work session.

Adds a marked block of 0.0.0.0 entries to the system hosts file for the
domains in ~/.config/focus/blocklist.txt and removes it again with --off or
after --minutes. Must be run as root (e.g. from a root-owned wrapper).
"""
import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> focus-mode >>>"
END = "# <<< focus-mode <<<"
log = logging.getLogger("focus")


def read_blocklist(path: Path):
    domains = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line and "." in line:
            domains.append(line)
            if not line.startswith("www."):
                domains.append("www." + line)
    return domains


def strip_block(text: str) -> str:
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            skipping = True
        elif line.strip() == END:
            skipping = False
        elif not skipping:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def write_hosts(content: str):
    st = HOSTS.stat()
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(content)
    os.chmod(tmp, 0o644)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, HOSTS)


def enable(domains):
    base = strip_block(HOSTS.read_text())
    block = [BEGIN] + [f"0.0.0.0 {d}" for d in domains] + [END]
    write_hosts(base + "\n".join(block) + "\n")
    log.info("blocked %d names", len(domains))


def disable():
    write_hosts(strip_block(HOSTS.read_text()))
    log.info("focus block removed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--blocklist", default=os.path.expanduser("~/.config/focus/blocklist.txt"))
    ap.add_argument("--minutes", type=int, default=0, help="auto-disable after N minutes")
    ap.add_argument("--off", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        sys.exit("focus mode edits /etc/hosts and needs root")
    if args.off:
        disable()
        return
    enable(read_blocklist(Path(args.blocklist)))
    if args.minutes:
        try:
            time.sleep(args.minutes * 60)
        except KeyboardInterrupt:
            log.info("interrupted, lifting block early")
        disable()


if __name__ == "__main__":
    main()
