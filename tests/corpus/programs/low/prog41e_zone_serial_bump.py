#!/usr/bin/env python3
"""Lint and bump SOA serials for the zone files kept in our git checkout.

The files live under ./zones/ in the working copy; CI pushes them to the
primaries later. This tool only touches the checkout.
"""
import argparse
import datetime as dt
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("zonebump")

SOA_RE = re.compile(
    r"(?P<head>\bSOA\s+\S+\s+\S+\s*\(\s*)(?P<serial>\d{1,10})(?P<tail>\s*;\s*serial)",
    re.IGNORECASE | re.MULTILINE,
)


class ZoneFile:
    def __init__(self, path: Path):
        self.path = path
        self.text = path.read_text(encoding="utf-8")

    @property
    def serial(self):
        m = SOA_RE.search(self.text)
        return int(m.group("serial")) if m else None

    def next_serial(self, today: dt.date) -> int:
        base = int(today.strftime("%Y%m%d")) * 100
        current = self.serial or 0
        return max(base, current + 1)

    def bump(self, today: dt.date) -> int:
        new = self.next_serial(today)
        self.text = SOA_RE.sub(
            lambda m: f"{m.group('head')}{new}{m.group('tail')}", self.text, count=1
        )
        return new

    def save(self):
        tmp = self.path.with_suffix(self.path.suffix + ".new")
        tmp.write_text(self.text, encoding="utf-8")
        tmp.replace(self.path)


def lint(zone: ZoneFile) -> list:
    problems = []
    if zone.serial is None:
        problems.append("no SOA serial found")
    elif len(str(zone.serial)) != 10:
        problems.append(f"serial {zone.serial} is not YYYYMMDDnn")
    if "$TTL" not in zone.text:
        problems.append("missing $TTL directive")
    for lineno, line in enumerate(zone.text.splitlines(), 1):
        if "\t " in line or line.rstrip() != line:
            problems.append(f"line {lineno}: stray whitespace")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="zones", help="zone directory (relative)")
    ap.add_argument("--bump", action="store_true", help="rewrite serials")
    ap.add_argument("--glob", default="db.*")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.dir)
    if root.is_absolute() or ".." in root.parts:
        log.error("zone dir must be inside the checkout")
        return 2
    files = sorted(root.glob(args.glob))
    if not files:
        log.warning("no zone files matched %s/%s", root, args.glob)
        return 1

    failures = 0
    today = dt.date.today()
    for path in files:
        zone = ZoneFile(path)
        issues = lint(zone)
        for issue in issues:
            log.warning("%s: %s", path.name, issue)
        failures += bool(issues)
        if args.bump:
            old = zone.serial
            new = zone.bump(today)
            zone.save()
            log.info("%s: serial %s -> %s", path.name, old, new)
    log.info("checked %d zone(s), %d with issues", len(files), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
