#!/usr/bin/env python3
"""Truck appointment cache for the gate clerks.

Pulls today's truck appointments from the appointment system, caches them
locally so the clerk screen still works when the link to the TOS drops, and
prints the appointments for one time slot as an aligned table.
"""
import argparse
import json
import logging
import os
import pickle
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

LOG = logging.getLogger("appt_cache")

API_URL = "https://appointments.example.com/api/v1/appointments"
CACHE_FILE = "appointments.cache.pkl"
MAX_AGE = 15 * 60


@dataclass
class Appointment:
    ref: str
    truck: str
    haulier: str
    slot: str
    moves: list = field(default_factory=list)

    @classmethod
    def from_json(cls, item):
        return cls(item["ref"], item.get("truck_plate", ""), item.get("haulier", ""),
                   item.get("slot", ""), item.get("moves", []))


class AppointmentCache:
    def __init__(self, path=CACHE_FILE, max_age=MAX_AGE):
        self.path = path
        self.max_age = max_age

    def load(self, allow_stale=False):
        if not os.path.exists(self.path):
            return None
        age = time.time() - os.path.getmtime(self.path)
        if age > self.max_age and not allow_stale:
            LOG.info("cache is %.0f s old, refreshing", age)
            return None
        with open(self.path, "rb") as fh:
            data = pickle.load(fh)
        LOG.debug("loaded %d appointments from cache", len(data))
        return data

    def save(self, appointments):
        with open(self.path, "wb") as fh:
            pickle.dump(appointments, fh)
        os.chmod(self.path, 0o600)


def fetch(date):
    url = "%s?date=%s" % (API_URL, date)
    with urllib.request.urlopen(url, timeout=10) as resp:
        items = json.load(resp)
    return [Appointment.from_json(i) for i in items]


def show_table(rows):
    text = "\n".join("\t".join(r) for r in rows) + "\n"
    # let column(1) do the alignment, fall back to raw tabs
    res = subprocess.run(["bash", "-c", 'column -t -s "$(printf "\\t")" || cat'],
                         input=text, capture_output=True, text=True)
    sys.stdout.write(res.stdout or text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--slot", help="e.g. 08:00-09:00; all slots when omitted")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = AppointmentCache()
    appointments = None if args.refresh else cache.load()
    if appointments is None:
        try:
            appointments = fetch(args.date)
            cache.save(appointments)
        except (urllib.error.URLError, ValueError, OSError) as exc:
            LOG.warning("appointment system unreachable (%s), using stale cache", exc)
            appointments = cache.load(allow_stale=True)
    if not appointments:
        LOG.error("no appointments available")
        return 1

    rows = [("REF", "TRUCK", "HAULIER", "SLOT", "MOVES")]
    for a in appointments:
        if args.slot and a.slot != args.slot:
            continue
        rows.append((a.ref, a.truck, a.haulier, a.slot, str(len(a.moves))))
    show_table(rows)
    LOG.info("%d appointments shown", len(rows) - 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
