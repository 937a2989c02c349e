#!/usr/bin/env python3
"""Install the inventory host entries into /etc/hosts between marker lines.

Run as root from the provisioning job. Existing lines outside the managed
block are preserved; the file is replaced atomically.
"""
import argparse
import ipaddress
import logging
import os
import tempfile
from contextlib import contextmanager
from functools import reduce
from itertools import dropwhile, groupby, takewhile
from operator import itemgetter

import yaml

log = logging.getLogger("hosts-sync")
HOSTS = "/etc/hosts"
MARK_BEGIN, MARK_END = "# >>> inventory >>>", "# <<< inventory <<<"


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    return [
        {"ip": str(ipaddress.ip_address(h["ip"])), "name": h["name"]}
        for hosts in doc.get("groups", {}).values()
        for h in hosts
        if h.get("enabled", True)
    ]


def managed_block(entries):
    by_ip = itemgetter("ip")
    body = [f"{ip:<16} {' '.join(sorted({e['name'] for e in grp}))}"
            for ip, grp in groupby(sorted(entries, key=by_ip), key=by_ip)]
    return [MARK_BEGIN, *body, MARK_END]


def split_existing(lines):
    before = list(takewhile(lambda l: l != MARK_BEGIN, lines))
    rest = list(dropwhile(lambda l: l != MARK_END, lines))
    return before, rest[1:] if rest else []


@contextmanager
def atomic_replace(target):
    directory = os.path.dirname(target)
    st = os.stat(target)
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            yield fh
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory")
    ap.add_argument("--hosts-file", default=HOSTS)
    ap.add_argument("--check", action="store_true", help="only report drift")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = load_inventory(args.inventory)
    with open(args.hosts_file, encoding="utf-8") as fh:
        current = fh.read().splitlines()
    before, after = split_existing(current)
    desired = before + managed_block(entries) + after

    changed = reduce(lambda n, pair: n + (pair[0] != pair[1]), zip(current, desired), 0)
    changed += abs(len(current) - len(desired))
    if not changed:
        log.info("%s already up to date", args.hosts_file)
        return 0
    if args.check:
        log.info("%d line(s) would change", changed)
        return 1
    if os.geteuid() != 0:
        log.error("must run as root to modify %s", args.hosts_file)
        return 2

    with atomic_replace(args.hosts_file) as fh:
        fh.write("\n".join(desired) + "\n")
    log.info("updated %s (%d managed entries)", args.hosts_file, len(entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
