#!/usr/bin/env python3
"""Jump-points loyalty calculator.

Takes the visit export from the trampoline park till (CSV: member_id,
visit_date, session_minutes, product, spend) and works out the loyalty
points each member earns this period: base points per minute jumped,
a spend multiplier, birthday-month and off-peak bonuses, capped per
licence tier.  Writes points_<period>.csv ready for the CRM import.

The licence module is shipped by the loyalty vendor in packed form.
"""
import argparse
import base64
import csv
import logging
import os
import sys
import zlib
from collections import defaultdict
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

log = logging.getLogger("loyalty")

_LICENCE_BLOB = (
    "eNo1j09LxDAQxe/9FCGnBGqIqZuwBQ8iHryJeBMpaTLdhO0/ktS6iN/dtK4Dc3jw"
    "5v3e+GGeQkJOR9f7tkRu0Kaw0CHjwJyb3hsYDZDoEzTelugMF1oXKE8EsOgetZcE"
    "kXVhGhx8ESy1tIorLaw0slNHeSuNulNHYStR8bwVpvv5qseUzzceG2ElW1yJrhyW"
    "oZMFQsv/Ziw6LQ6Sskyx/gQxEfpeC/6xhwVISxj/wsw0zDpAc3VtnL02CzD3Ov+C"
    "b3CJMKasn1YIhNLi7fnptXl8eMl9vnGroze4RgfOs23ul5iF4Lv6hHGBLPlP8QvJ"
    "mF/x"
)

OFF_PEAK_DAYS = {0, 1, 2, 3}          # Mon-Thu
POINTS_PER_MINUTE = Decimal("0.5")
SPEND_MULTIPLIER = {"jump": Decimal("1.0"), "party": Decimal("1.5"),
                    "cafe": Decimal("0.5"), "socks": Decimal("0")}


def _licence_module():
    ns = {"__name__": "loyalty_licence"}
    unpacked = zlib.decompress(base64.b64decode(_LICENCE_BLOB))
    exec(unpacked.decode("utf-8"), ns)
    return ns


def load_birthdays(path):
    months = {}
    if not path or not os.path.exists(path):
        return months
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                months[row["member_id"]] = datetime.strptime(row["dob"], "%Y-%m-%d").month
            except (KeyError, ValueError):
                continue
    return months


def visits(path, period):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            d = datetime.strptime(row["visit_date"], "%Y-%m-%d").date()
            if d.strftime("%Y-%m") == period:
                yield row["member_id"], d, int(row["session_minutes"]), \
                    row["product"].lower(), Decimal(row["spend"])


def score(rows, birthdays, cap):
    totals = defaultdict(Decimal)
    for member, d, minutes, product, spend in rows:
        pts = POINTS_PER_MINUTE * minutes
        pts += spend * SPEND_MULTIPLIER.get(product, Decimal("1.0"))
        if d.weekday() in OFF_PEAK_DAYS:
            pts *= Decimal("1.2")
        if birthdays.get(member) == d.month:
            pts *= 2
        totals[member] += pts
    out = {}
    for member, pts in totals.items():
        pts = pts.quantize(Decimal("1"), rounding=ROUND_HALF_UP)
        out[member] = min(pts, cap) if cap else pts
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("visits_csv")
    ap.add_argument("--period", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--birthdays", default="members_dob.csv")
    ap.add_argument("--tier", default=os.environ.get("LOYALTY_TIER", "plus"))
    ap.add_argument("--site", default=os.environ.get("LOYALTY_SITE", ""))
    ap.add_argument("--licence", default=os.environ.get("LOYALTY_LICENCE", ""))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lic = _licence_module()
    if not lic["check_licence"](args.site, args.licence):
        log.error("licence key does not match site %r", args.site)
        return 3
    cap = lic["TIER_CAP"].get(args.tier)
    if cap is None:
        log.error("unknown tier %s", args.tier)
        return 2

    points = score(visits(args.visits_csv, args.period),
                   load_birthdays(args.birthdays), Decimal(cap))
    out = f"points_{args.period}.csv"
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["member_id", "points", "period"])
        for member in sorted(points):
            w.writerow([member, points[member], args.period])
    log.info("%d members scored, written to %s", len(points), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
