#!/usr/bin/env python3
"""Keep a tracker/ad blocklist section inside the system hosts file up to date.

The managed section is delimited by marker comments so that entries you added
by hand are preserved. Requires sudo because the hosts file is root-owned.
"""
import argparse
import logging
import re
import subprocess
import sys

import requests

HOSTS = "/etc/hosts"
BEGIN = "# >>> blocklist-sync managed section >>>"
END = "# <<< blocklist-sync managed section <<<"
SOURCES = {
    "stevenblack": "https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts",
    "adaway": "https://adaway.org/hosts.txt",
}
ENTRY_RE = re.compile(r"^(?:0\.0\.0\.0|127\.0\.0\.1)\s+([a-z0-9.-]+\.[a-z]{2,})\s*$", re.I)
NEVER_BLOCK = {"localhost", "localhost.localdomain", "github.com", "pypi.org"}

log = logging.getLogger("blocklist-sync")


def fetch_domains(url, timeout=30):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    domains = set()
    for line in resp.text.splitlines():
        match = ENTRY_RE.match(line.strip())
        if match and match.group(1).lower() not in NEVER_BLOCK:
            domains.add(match.group(1).lower())
    log.info("%s: %d domains", url, len(domains))
    return domains


def merge(current_text, domains):
    kept, inside = [], False
    for line in current_text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    section = [BEGIN] + [f"0.0.0.0 {d}" for d in sorted(domains)] + [END]
    return "\n".join(kept).rstrip() + "\n\n" + "\n".join(section) + "\n"


def write_hosts(text, dry_run):
    if dry_run:
        log.info("dry run: would write %d lines to %s", text.count("\n"), HOSTS)
        return
    subprocess.run(["sudo", "cp", HOSTS, HOSTS + ".bak"], check=True)
    subprocess.run(["sudo", "tee", HOSTS], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    log.info("updated %s (backup at %s.bak)", HOSTS, HOSTS)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", action="append", choices=sorted(SOURCES),
                    help="blocklist source (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    domains = set()
    for name in args.source or ["stevenblack"]:
        try:
            domains |= fetch_domains(SOURCES[name])
        except requests.RequestException as exc:
            log.error("could not fetch %s: %s", name, exc)
    if not domains:
        log.error("nothing fetched; leaving %s unchanged", HOSTS)
        return 1

    with open(HOSTS, encoding="utf-8") as fh:
        current = fh.read()
    write_hosts(merge(current, domains), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
