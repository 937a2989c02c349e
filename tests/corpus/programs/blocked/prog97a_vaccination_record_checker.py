#!/usr/bin/env python3
"""Vaccination record checker for boarding check-in.

Reads the vaccination export from the practice system (CSV), works out when
each core vaccine falls due again, and flags pets that will be out of date
at any point during their booked stay. Output is a CSV the front desk can
filter, plus a summary on stdout.

Expected columns: pet_id, pet_name, species, owner, vaccine, given_on,
stay_start, stay_end
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import sys
import zlib
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("vaxcheck")

# validity in months, per species, per vaccine (UK boarding guidance)
VALIDITY = {
    "dog": {"DHPP": 36, "Lepto": 12, "KC": 12, "Rabies": 36},
    "cat": {"FVRCP": 36, "FeLV": 12, "Rabies": 36},
}
REQUIRED = {"dog": ("DHPP", "Lepto", "KC"), "cat": ("FVRCP",)}

# date helpers shared with the invoicing tool, kept packed so both scripts
# stay on the same calendar logic
_CAL_PACK = (
    'eNplkEFLxDAQhe/5FY9AoGHT7ra7B13owYs3EdTLspRSmFSDm1aaVCjifzeJu7Bo'
    'Lsl8vHlvMsZ+jJMHdV57YzU6h5Y8Y+3949PD3cszanzx+Z3vwQWthV2LA1fgs0sk'
    'lHQmxo0JHXJhc0H8mzHSPXrrW5p1RgrOLyddRzO5Zwhn0n6eBlDh/NTH9OySWrxq'
    'nyW9woUdU0Qj5a9xR9TacfBvLnoPZ8tFwYaRyXzakTIqkgI5SqwwKJSVTDLqlqCy'
    'ZgiS8FY4bkuF6hamR0CL7qbQsEgI7FDX2ECfnEZ1oxCF282f+x9rjraR158MSy3i'
    'kq/c46grhJYwgWQ/dclqnw=='
)


def _calendar():
    ns = {}
    code = zlib.decompress(base64.b64decode(_CAL_PACK)).decode("utf-8")
    exec(compile(code, "<calendar>", "exec"), ns)
    return ns


CAL = _calendar()


def parse_date(value):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    raise ValueError(f"unrecognised date {value!r}")


def load_records(path):
    pets = {}
    doses = defaultdict(dict)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                pid = row["pet_id"]
                pets[pid] = {
                    "name": row["pet_name"],
                    "species": row["species"].strip().lower(),
                    "owner": row["owner"],
                    "stay_start": parse_date(row["stay_start"]),
                    "stay_end": parse_date(row["stay_end"]),
                }
                given = parse_date(row["given_on"])
                prev = doses[pid].get(row["vaccine"])
                if prev is None or given > prev:
                    doses[pid][row["vaccine"]] = given
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
    return pets, doses


def check_pet(pet, given):
    issues = []
    table = VALIDITY.get(pet["species"], {})
    for vaccine in REQUIRED.get(pet["species"], ()):
        if vaccine not in given:
            issues.append((vaccine, "missing", None))
            continue
        due = CAL["add_months"](given[vaccine], table[vaccine])
        if due <= pet["stay_end"]:
            issues.append((vaccine, "expires during stay" if due > pet["stay_start"]
                           else "expired", due))
    return issues


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", type=Path, help="vaccination CSV export")
    ap.add_argument("-o", "--output", type=Path, default=Path("vaccination_flags.csv"))
    ap.add_argument("--date-style", choices=("uk", "us", "iso"), default="uk")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.export.exists():
        log.error("%s not found", args.export)
        return 1

    pets, doses = load_records(args.export)
    flagged = 0
    with open(args.output, "w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["pet_id", "pet", "owner", "vaccine", "status", "due"])
        for pid, pet in sorted(pets.items(), key=lambda kv: kv[1]["stay_start"]):
            for vaccine, status, due in check_pet(pet, doses[pid]):
                flagged += 1
                w.writerow([pid, pet["name"], pet["owner"], vaccine, status,
                            CAL["fmt_due"](due, args.date_style) if due else ""])
    log.info("%d pets checked, %d issues written to %s", len(pets), flagged, args.output)
    return 3 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
