#!/usr/bin/env python3
"""register_library_hosts.py - keep the library machines' names in /etc/hosts.

The rehearsal venue's network has no local DNS, so the librarian PC, the
score NAS and the tablet print server are reached by name through a managed
block in /etc/hosts. This tool rewrites that block from a small JSON config
kept with the library tools, leaving the rest of the file untouched.

Usage (as root on the library PC):
    register_library_hosts.py [--config hosts.json] [--dry-run]
"""

import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN orchestra-library"
END = "# END orchestra-library"

DEFAULT_HOSTS = {
    "score-nas.library.example.org": "192.0.2.40",
    "printserver.library.example.org": "192.0.2.41",
    "librarian-pc.library.example.org": "192.0.2.42",
}

log = logging.getLogger("library_hosts")


def load_config(path):
    if path is None or not path.exists():
        log.info("using built-in host list")
        return dict(DEFAULT_HOSTS)
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    hosts = {}
    for name, addr in data.items():
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            log.warning("skipping %s: %r is not an IP address", name, addr)
            continue
        hosts[name] = addr
    return hosts


def render_block(hosts):
    lines = [BEGIN]
    for name, addr in sorted(hosts.items(), key=lambda kv: kv[1]):
        short = name.split(".")[0]
        lines.append(f"{addr}\t{name} {short}")
    lines.append(END)
    return lines


def replace_block(existing, block):
    out, inside, replaced = [], False, False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            out.extend(block)
            replaced = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    if not replaced:
        if out and out[-1].strip():
            out.append("")
        out.extend(block)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("hosts.json"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hosts = load_config(args.config)
    if not hosts:
        log.error("no valid host entries")
        return 1

    existing = HOSTS_FILE.read_text(encoding="utf-8").splitlines()
    updated = replace_block(existing, render_block(hosts))
    if updated == existing:
        log.info("/etc/hosts already up to date")
        return 0
    if args.dry_run:
        print("\n".join(updated))
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to update %s", HOSTS_FILE)
        return 2

    backup = HOSTS_FILE.with_name("hosts.library-bak")
    shutil.copy2(HOSTS_FILE, backup)
    log.info("backup written to %s", backup)
    tmp = HOSTS_FILE.with_name("hosts.library-new")
    tmp.write_text("\n".join(updated) + "\n", encoding="utf-8")
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    log.info("updated %d library host(s) in %s", len(hosts), HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
