#!/usr/bin/env python3
"""Merge public ad/tracker blocklists into /etc/hosts.

Our own entries are kept; the managed section lives between two marker
lines and is replaced on every run. Needs to run as root.
"""
import argparse
import logging
import os
import re
import shutil
import sys
import time

import requests

HOSTS = "/etc/hosts"
BEGIN = "# >>> blocklist-merge managed section >>>"
END = "# <<< blocklist-merge managed section <<<"
DEFAULT_LISTS = [
    "https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts",
    "https://someonewhocares.org/hosts/zero/hosts",
]
DOMAIN_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")
NEVER_BLOCK = {"localhost", "localhost.localdomain", "local", "broadcasthost"}
log = logging.getLogger("blocklist-merge")


def fetch_domains(url: str) -> set:
    resp = requests.get(url, timeout=30)
    resp.raise_for_status()
    found = set()
    for line in resp.text.splitlines():
        line = line.split("#", 1)[0].strip()
        parts = line.split()
        if len(parts) < 2 or parts[0] not in ("0.0.0.0", "127.0.0.1"):
            continue
        for host in parts[1:]:
            host = host.lower()
            if host not in NEVER_BLOCK and DOMAIN_RE.match(host):
                found.add(host)
    log.info("%s: %d domains", url, len(found))
    return found


def split_hosts(text: str):
    """Return the unmanaged part of the hosts file."""
    kept, inside = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            inside = True
        elif line.strip() == END:
            inside = False
        elif not inside:
            kept.append(line)
    return "\n".join(kept).rstrip() + "\n"


def render(base: str, domains: set, allow: set) -> str:
    block = [BEGIN, f"# generated {time.strftime('%Y-%m-%d %H:%M:%S')}"]
    block += [f"0.0.0.0 {d}" for d in sorted(domains - allow)]
    block.append(END)
    return base + "\n" + "\n".join(block) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--list", action="append", dest="lists",
                    help="blocklist URL (repeatable)")
    ap.add_argument("--allow", default="allowlist.txt",
                    help="domains never to block, one per line")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    allow = set()
    if os.path.exists(args.allow):
        with open(args.allow) as fh:
            allow = {l.strip().lower() for l in fh if l.strip()}

    domains = set()
    for url in args.lists or DEFAULT_LISTS:
        try:
            domains |= fetch_domains(url)
        except requests.RequestException as exc:
            log.warning("skipping %s: %s", url, exc)

    with open(HOSTS) as fh:
        new_text = render(split_hosts(fh.read()), domains, allow)
    if args.dry_run:
        sys.stdout.write(new_text[:2000])
        return 0
    if os.geteuid() != 0:
        log.error("must be run as root to modify %s", HOSTS)
        return 1

    shutil.copy2(HOSTS, HOSTS + ".bak")
    tmp = HOSTS + ".new"
    with open(tmp, "w") as fh:
        fh.write(new_text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS)
    log.info("wrote %d blocked domains to %s", len(domains - allow), HOSTS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
