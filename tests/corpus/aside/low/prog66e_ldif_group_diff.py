#!/usr/bin/env python3
"""Compare group memberships between two LDIF exports.

Takes yesterday's and today's slapcat/ldapsearch LDIF dumps of the groups
OU and writes a CSV of who was added to or removed from which group, for
the access-review mailbox. Parsed exports are cached as JSON keyed on the
file's MD5 so re-running the morning report is instant.

    ldif_group_diff.py groups-2024-05-01.ldif groups-2024-05-02.ldif -o changes.csv
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("ldif-group-diff")

MEMBER_ATTRS = ("member", "uniquemember", "memberuid")
CACHE_DIR = Path(".ldifcache")


def unfolded(lines):
    """RFC 2849 line unfolding: continuation lines start with one space."""
    buf = None
    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith(" ") and buf is not None:
            buf += line[1:]
            continue
        if buf is not None:
            yield buf
        buf = line
    if buf is not None:
        yield buf


def records(path):
    rec = defaultdict(list)
    with open(path, encoding="utf-8") as fh:
        for line in unfolded(fh):
            if not line:
                if rec:
                    yield rec
                    rec = defaultdict(list)
                continue
            if line.startswith("#") or ":" not in line:
                continue
            attr, _, value = line.partition(":")
            if value.startswith(":"):
                value = base64.b64decode(value[1:].strip()).decode("utf-8", "replace")
            else:
                value = value.strip()
            rec[attr.lower()].append(value)
    if rec:
        yield rec


def memberships(path):
    key = hashlib.md5(Path(path).read_bytes()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.debug("cache hit for %s", path)
        return {g: set(m) for g, m in json.loads(cached.read_text()).items()}
    groups = {}
    for rec in records(path):
        dn = rec.get("dn", [""])[0]
        if not dn:
            continue
        cn = rec.get("cn", [dn.split(",", 1)[0].split("=", 1)[-1]])[0]
        members = set()
        for attr in MEMBER_ATTRS:
            members.update(v.lower() for v in rec.get(attr, []))
        if members or "groupofnames" in {o.lower() for o in rec.get("objectclass", [])}:
            groups[cn] = members
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps({g: sorted(m) for g, m in groups.items()}))
    return groups


def diff(old, new):
    for group in sorted(set(old) | set(new)):
        before, after = old.get(group, set()), new.get(group, set())
        if group not in old:
            yield group, "", "group created"
        elif group not in new:
            yield group, "", "group deleted"
        for m in sorted(after - before):
            yield group, m, "added"
        for m in sorted(before - after):
            yield group, m, "removed"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--only", action="append", default=[],
                    help="limit to these group cns (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        old, new = memberships(args.old), memberships(args.new)
    except (OSError, ValueError) as exc:
        log.error("cannot parse input: %s", exc)
        return 2

    out = sys.stdout if args.output == "-" else open(args.output, "w", newline="")
    try:
        w = csv.writer(out)
        w.writerow(["group", "member", "change"])
        n = 0
        for row in diff(old, new):
            if args.only and row[0] not in args.only:
                continue
            w.writerow(row)
            n += 1
    finally:
        if out is not sys.stdout:
            out.close()
    log.info("%d change(s) across %d group(s)", n, len(set(old) | set(new)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
