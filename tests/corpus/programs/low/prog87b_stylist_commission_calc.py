#!/usr/bin/env python3
"""Tiered stylist commission calculator.

Reads the till's services export (one row per completed service) and the
commission plan in commission_plan.toml, and writes a payroll CSV plus a
short summary the salon manager can paste into the monthly email.

Plan format:
    [tiers]              # monthly service takings (ex VAT) -> rate
    0 = 0.30
    4000 = 0.35
    7000 = 0.40

    [retail]
    rate = 0.10

    [stylists.jade]
    level = "senior"
    tier_offset = 500    # senior stylists reach each tier 500 earlier
"""
import argparse
import csv
import logging
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

log = logging.getLogger("commission")

VAT = Decimal("1.20")
PENNY = Decimal("0.01")


@dataclass
class Takings:
    services: Decimal = Decimal("0")
    retail: Decimal = Decimal("0")
    count: int = 0
    voids: int = 0
    clients: set = field(default_factory=set)


def load_plan(path: Path) -> dict:
    with path.open("rb") as fh:
        plan = tomllib.load(fh)
    tiers = sorted((Decimal(k), Decimal(str(v))) for k, v in plan["tiers"].items())
    plan["_tiers"] = tiers
    plan["_retail"] = Decimal(str(plan.get("retail", {}).get("rate", "0")))
    return plan


def read_takings(export: Path) -> dict:
    totals: dict = defaultdict(Takings)
    with export.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            who = row["stylist"].strip().lower()
            t = totals[who]
            if row.get("status", "").lower() == "void":
                t.voids += 1
                continue
            amount = Decimal(row["amount"]) / VAT
            if row.get("kind", "service").lower() == "retail":
                t.retail += amount
            else:
                t.services += amount
                t.count += 1
            if row.get("client_id"):
                t.clients.add(row["client_id"])
    return totals


def service_rate(plan: dict, stylist: str, takings: Decimal) -> Decimal:
    offset = Decimal(str(plan.get("stylists", {}).get(stylist, {}).get("tier_offset", 0)))
    rate = plan["_tiers"][0][1]
    for threshold, r in plan["_tiers"]:
        if takings + offset >= threshold:
            rate = r
    return rate


def compute(plan: dict, totals: dict):
    for stylist in sorted(totals):
        t = totals[stylist]
        rate = service_rate(plan, stylist, t.services)
        svc_comm = (t.services * rate).quantize(PENNY, ROUND_HALF_UP)
        ret_comm = (t.retail * plan["_retail"]).quantize(PENNY, ROUND_HALF_UP)
        yield {
            "stylist": stylist,
            "services_ex_vat": t.services.quantize(PENNY),
            "service_rate": rate,
            "service_commission": svc_comm,
            "retail_ex_vat": t.retail.quantize(PENNY),
            "retail_commission": ret_comm,
            "total_commission": svc_comm + ret_comm,
            "services": t.count,
            "clients": len(t.clients),
            "voids": t.voids,
        }


def write_outputs(rows: list, out_csv: Path, out_txt: Path, month: str) -> None:
    with out_csv.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    grand = sum(r["total_commission"] for r in rows)
    lines = [f"Commission summary for {month}", ""]
    for r in sorted(rows, key=lambda r: r["total_commission"], reverse=True):
        lines.append(f"  {r['stylist'].title():<12} £{r['total_commission']:>9}  "
                     f"({r['services']} services, {r['clients']} clients, "
                     f"rate {r['service_rate']:.0%})")
    lines += ["", f"  Total payable: £{grand}"]
    out_txt.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description="calculate stylist commission")
    ap.add_argument("export", type=Path, help="till services export CSV")
    ap.add_argument("--plan", type=Path, default=Path("commission_plan.toml"))
    ap.add_argument("--month", required=True, help="YYYY-MM, used in file names")
    ap.add_argument("--out-dir", type=Path, default=Path("payroll"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        plan = load_plan(args.plan)
        totals = read_takings(args.export)
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 2
    rows = list(compute(plan, totals))
    if not rows:
        log.error("no services found in %s", args.export)
        return 1
    args.out_dir.mkdir(exist_ok=True)
    out_csv = args.out_dir / f"commission_{args.month}.csv"
    out_txt = args.out_dir / f"commission_{args.month}.txt"
    write_outputs(rows, out_csv, out_txt, args.month)
    log.info("wrote %s and %s", out_csv, out_txt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
