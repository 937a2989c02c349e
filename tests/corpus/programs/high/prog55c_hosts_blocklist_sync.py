#!/usr/bin/env python3
"""Merge ad/tracker blocklists into the system hosts file.

Downloads the configured lists with urllib3, normalises them to
"0.0.0.0 domain" lines and rewrites the managed block of /etc/hosts.
Must be run as root.
"""
import argparse
import logging
import os
import re
import shutil
import sys
import tempfile

import urllib3
from urllib3.util import Retry

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> blocklist-sync managed block >>>"
END = "# <<< blocklist-sync managed block <<<"
SOURCES = [
    "https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts",
    "https://someonewhocares.org/hosts/zero/hosts",
]
DOMAIN_RE = re.compile(r"^(?:0\.0\.0\.0|127\.0\.0\.1)\s+([a-z0-9.\-]+)\s*(?:#.*)?$", re.I)
KEEP = {"localhost", "localhost.localdomain", "local", "broadcasthost", "0.0.0.0"}
log = logging.getLogger("blocklist-sync")


def download(http, url):
    resp = http.request("GET", url, preload_content=True)
    if resp.status != 200:
        raise RuntimeError(f"{url}: HTTP {resp.status}")
    return resp.data.decode("utf-8", "replace")


def parse(text, allow):
    domains = set()
    for line in text.splitlines():
        m = DOMAIN_RE.match(line.strip())
        if m:
            d = m.group(1).lower().rstrip(".")
            if d not in KEEP and d not in allow:
                domains.add(d)
    return domains


def strip_managed(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
        elif line.strip() == END:
            inside = False
        elif not inside:
            out.append(line)
    return out


def write_hosts(domains, dry_run):
    with open(HOSTS_FILE, encoding="utf-8") as fh:
        base = strip_managed(fh.read().splitlines())
    block = [BEGIN] + [f"0.0.0.0 {d}" for d in sorted(domains)] + [END]
    content = "\n".join(base + [""] + block) + "\n"
    if dry_run:
        log.info("dry run: would write %d lines to %s", content.count("\n"), HOSTS_FILE)
        return
    shutil.copy2(HOSTS_FILE, HOSTS_FILE + ".bak")
    fd, tmp = tempfile.mkstemp(dir="/etc", prefix=".hosts.")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(content)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS_FILE)
    log.info("wrote %d blocked domains to %s", len(domains), HOSTS_FILE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--allow", action="append", default=[], help="domain never to block")
    ap.add_argument("--source", action="append", help="override list URLs")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root (writes %s)", HOSTS_FILE)
        return 1
    http = urllib3.PoolManager(retries=Retry(total=2, backoff_factor=1), timeout=20.0)
    allow = {a.lower() for a in args.allow}
    domains = set()
    for url in args.source or SOURCES:
        try:
            found = parse(download(http, url), allow)
        except (urllib3.exceptions.HTTPError, RuntimeError) as exc:
            log.warning("skipping %s: %s", url, exc)
            continue
        log.info("%6d domains from %s", len(found), url)
        domains |= found
    if not domains:
        log.error("nothing downloaded; leaving hosts file untouched")
        return 1
    write_hosts(domains, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
