#!/usr/bin/env python3
"""Chair and booth rental invoices.

Independent barbers and nail techs rent chairs/booths by the week.  This
reads renters.csv, works out what each renter owes for the billing month
(weekly rate x weeks, pro-rated for move-in/move-out, plus product and
utility add-ons), and writes one plain-text invoice per renter into
./invoices along with a summary ledger.
"""
import argparse
import calendar
import csv
import datetime as dt
import logging
import sys
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

LOG = logging.getLogger("rent-invoices")
CENT = Decimal("0.01")


@dataclass
class Renter:
    renter_id: str
    name: str
    email: str
    station: str
    weekly_rate: Decimal
    addons: Decimal
    iban: str
    start: dt.date
    end: dt.date | None

    @classmethod
    def from_row(cls, row: dict) -> "Renter":
        return cls(
            renter_id=row["id"].strip(),
            name=row["name"].strip(),
            email=row["email"].strip(),
            station=row["station"].strip(),
            weekly_rate=Decimal(row["weekly_rate"]),
            addons=Decimal(row.get("addons") or "0"),
            iban=row.get("iban", "").replace(" ", ""),
            start=dt.date.fromisoformat(row["start"]),
            end=dt.date.fromisoformat(row["end"]) if row.get("end") else None,
        )


def billable_days(r: Renter, year: int, month: int) -> int:
    first = dt.date(year, month, 1)
    last = dt.date(year, month, calendar.monthrange(year, month)[1])
    lo = max(first, r.start)
    hi = min(last, r.end) if r.end else last
    return max(0, (hi - lo).days + 1)


def invoice_amount(r: Renter, days: int) -> Decimal:
    rent = (r.weekly_rate / 7 * days).quantize(CENT, ROUND_HALF_UP)
    return rent + r.addons if days else Decimal("0.00")


def render_invoice(r: Renter, number: str, period: str, days: int, total: Decimal, shop: str) -> str:
    masked = f"****{r.iban[-4:]}" if r.iban else "n/a"
    return "\n".join([
        f"{shop}",
        f"INVOICE {number}",
        f"Period: {period}",
        "",
        f"Bill to: {r.name} <{r.email}>",
        f"Station: {r.station}",
        "",
        f"Station rent ({days} days @ {r.weekly_rate}/week)",
        f"Add-ons (products, towels, utilities): {r.addons}",
        f"TOTAL DUE: {total}",
        "",
        f"Direct debit from account {masked} on the 5th.",
    ]) + "\n"


def read_renters(path: Path):
    with path.open(newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield Renter.from_row(row)
            except (KeyError, ValueError, ArithmeticError) as exc:
                LOG.warning("%s:%d skipped: %s", path, lineno, exc)


def main() -> int:
    today = dt.date.today()
    ap = argparse.ArgumentParser(description="Generate monthly chair rental invoices")
    ap.add_argument("renters", type=Path, nargs="?", default=Path("renters.csv"))
    ap.add_argument("--month", default=f"{today.year}-{today.month:02d}", help="YYYY-MM")
    ap.add_argument("--shop", default="Chair & Co. Barbers")
    ap.add_argument("--out", type=Path, default=Path("invoices"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        year, month = (int(x) for x in args.month.split("-"))
    except ValueError:
        LOG.error("--month must be YYYY-MM")
        return 2
    if not args.renters.exists():
        LOG.error("no renters file at %s", args.renters)
        return 2

    args.out.mkdir(exist_ok=True)
    ledger = []
    for seq, renter in enumerate(read_renters(args.renters), start=1):
        days = billable_days(renter, year, month)
        if not days:
            continue
        total = invoice_amount(renter, days)
        number = f"{year}{month:02d}-{seq:03d}"
        text = render_invoice(renter, number, args.month, days, total, args.shop)
        (args.out / f"{number}_{renter.renter_id}.txt").write_text(text)
        ledger.append((number, renter.renter_id, renter.name, str(total)))

    with (args.out / f"ledger_{args.month}.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["invoice", "renter_id", "name", "total"])
        w.writerows(ledger)
    LOG.info("%d invoices written to %s", len(ledger), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
