#!/usr/bin/env python3
"""Data-use agreement expiry report.

Reads the DUA register (a JSON-lines export from the agreements database),
works out which agreements have lapsed or will lapse within the warning
window, and writes a CSV the data stewards circulate every Monday.

Each register line looks like:

    {"dua_id": "DUA-2021-044", "dataset": "cohort-b", "holder": "jsmith",
     "unix_group": "ds-cohort-b", "expires": "2024-06-30", "status": "active"}
"""
import argparse
import csv
import datetime as dt
import json
import logging
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator, List, NamedTuple

log = logging.getLogger("dua_report")


class Agreement(NamedTuple):
    dua_id: str
    dataset: str
    holder: str
    unix_group: str
    expires: dt.date
    status: str

    @classmethod
    def from_record(cls, rec: dict) -> "Agreement":
        return cls(
            dua_id=rec["dua_id"],
            dataset=rec.get("dataset", ""),
            holder=rec["holder"],
            unix_group=rec.get("unix_group", ""),
            expires=dt.date.fromisoformat(rec["expires"]),
            status=rec.get("status", "active"),
        )


def load_register(path: Path) -> Iterator[Agreement]:
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                yield Agreement.from_record(json.loads(line))
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d: unusable record (%s)", path, lineno, exc)


def classify(agreements: Iterable[Agreement], today: dt.date, window: int):
    soon = today + dt.timedelta(days=window)
    for a in agreements:
        if a.status != "active":
            continue
        if a.expires < today:
            yield a, "expired"
        elif a.expires <= soon:
            yield a, "expiring"


def write_report(rows: List[tuple], out: Path, today: dt.date) -> None:
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["dua_id", "dataset", "holder", "unix_group", "expires",
                    "days_left", "state"])
        for a, state in sorted(rows, key=lambda r: r[0].expires):
            w.writerow([a.dua_id, a.dataset, a.holder, a.unix_group,
                        a.expires.isoformat(), (a.expires - today).days, state])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", type=Path, help="DUA register (JSON lines)")
    ap.add_argument("--window", type=int, default=30,
                    help="days ahead to flag as expiring (default 30)")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.register.exists():
        log.error("register %s not found", args.register)
        return 2

    rows = list(classify(load_register(args.register), args.today, args.window))
    out = args.out or Path(f"dua_expiry_{args.today:%Y%m%d}.csv")
    write_report(rows, out, args.today)

    by_state = Counter(state for _, state in rows)
    by_dataset = Counter(a.dataset for a, state in rows if state == "expired")
    log.info("%d expired, %d expiring within %d days -> %s",
             by_state["expired"], by_state["expiring"], args.window, out)
    for dataset, n in by_dataset.most_common(5):
        log.info("  %s: %d expired agreement(s) still active in register", dataset, n)
    for a, state in rows:
        if state == "expired":
            print(f"{a.dua_id}\t{a.holder}\t{a.unix_group}\texpired {a.expires}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
