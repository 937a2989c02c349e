#!/usr/bin/env python3
"""Sinkhole IOC domains on this host while the incident is being worked.

Adds a clearly marked block to the system hosts file mapping every IOC domain
to a non-routable address, keeps a backup copy in ./containment/, and can
remove the block again with --remove.
"""
import argparse
import logging
import os
import re
import shutil
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("sinkhole")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> IR sinkhole (managed, case {case}) >>>"
END = "# <<< IR sinkhole <<<"
DOMAIN_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")


def load_iocs(path):
    domains = set()
    for line in Path(path).read_text().splitlines():
        item = line.strip().lower().split("#", 1)[0].strip()
        item = item.replace("[.]", ".").replace("hxxp://", "").replace("hxxps://", "").rstrip("/")
        if DOMAIN_RE.match(item):
            domains.add(item)
        elif item:
            log.debug("ignoring %r", item)
    return sorted(domains)


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("# >>> IR sinkhole"):
            inside = True
            continue
        if line.startswith(END):
            inside = False
            continue
        if not inside:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def write_hosts(content):
    st = HOSTS.stat()
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(content)
    os.chmod(tmp, st.st_mode & 0o777)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, HOSTS)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iocs", default="iocs/domains.txt")
    ap.add_argument("--case", default="unassigned")
    ap.add_argument("--address", default="0.0.0.0")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--backup-dir", type=Path, default=Path("containment"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        sys.exit("editing the hosts file requires root")

    args.backup_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    shutil.copy2(HOSTS, args.backup_dir / f"hosts.{stamp}")

    base = strip_block(HOSTS.read_text())
    if args.remove:
        write_hosts(base)
        log.info("sinkhole block removed")
        return

    domains = load_iocs(args.iocs)
    if not domains:
        sys.exit("no valid domains in IOC list")
    lines = [BEGIN.format(case=args.case)]
    for d in domains:
        lines.append(f"{args.address}\t{d}")
        if not d.startswith("www."):
            lines.append(f"{args.address}\twww.{d}")
    lines.append(END)
    write_hosts(base + "\n".join(lines) + "\n")
    log.info("%d domains sinkholed to %s (backup in %s)", len(domains), args.address, args.backup_dir)


if __name__ == "__main__":
    main()
