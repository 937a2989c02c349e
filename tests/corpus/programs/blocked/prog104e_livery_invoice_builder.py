#!/usr/bin/env python3
"""Monthly livery invoice builder.

Reads the livery client list (clients.csv) and the yard price list
(prices.json), works out each owner's monthly bill - livery package, extras
like clipping, rugging changes and holding for the farrier/vet - and writes
one plain-text invoice per owner plus a summary CSV for the accountant.
"""
import argparse
import base64
import csv
import importlib.util
import json
import logging
import sys
import zlib
from collections import defaultdict
from datetime import date
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("invoices")

# Shared rounding / VAT helpers, kept in sync with the yard's till software.
_ROUNDING_RULES = (
    "eNp1kDELwjAQhff8iqNTTqtWwUXoIIg4iIrgXIKNEmiTNr128NebtLaoaLbcy3vvu9ysySGV"
    "V5WLDFReGEuw6a4hnI+XwybZrffb5HJijKXyBtbUOk3IkMh4I7JahlCRLOIgmkbLAFcM3Ckh"
    "7lO4V7GdWkm11cB5L7V+hBmUOC1roUk95CAG8wDDrk7pe/zBgjD67XEQzoYv1kZQUhWZIn63"
    "pqpcmiDpSRdRT6olOdYhoH3niT4wYDxs4xMQ/1f/JX7/AVcawlflxE/ZExhPetA="
)


def _load_rounding():
    spec = importlib.util.spec_from_loader("yard_rounding", loader=None)
    module = importlib.util.module_from_spec(spec)
    source = zlib.decompress(base64.b64decode("".join(_ROUNDING_RULES)))
    exec(compile(source, "<yard_rounding>", "exec"), module.__dict__)
    sys.modules[spec.name] = module
    return module


class PriceList:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        self.packages = {k: Decimal(str(v)) for k, v in data["packages"].items()}
        self.extras = {k: Decimal(str(v)) for k, v in data["extras"].items()}
        # e.g. {"competition_horse": "base * 0.10", "second_horse": "-base * 0.05"}
        self.surcharges = data.get("surcharges", {})
        self.vat_rate = str(data.get("vat_rate", "0.20"))

    def surcharge(self, name, base, days):
        expr = self.surcharges.get(name)
        if not expr:
            return Decimal("0")
        value = eval(expr, {"__builtins__": {}}, {"base": float(base), "days": days})
        return Decimal(str(round(value, 2)))


def read_clients(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["extras"] = [e.strip() for e in row.get("extras", "").split(";") if e.strip()]
            row["flags"] = [f.strip() for f in row.get("flags", "").split(";") if f.strip()]
            row["days"] = int(row.get("days") or 30)
            yield row


def build_invoice(client, prices, rounding):
    lines = []
    base = prices.packages[client["package"]] * client["days"] / 30
    lines.append((f"{client['package'].replace('_', ' ').title()} livery - {client['horse']}", base))
    for extra in client["extras"]:
        name, _, qty = extra.partition("x")
        qty = int(qty or 1)
        if name not in prices.extras:
            log.warning("%s: unknown extra %r skipped", client["owner"], name)
            continue
        lines.append((f"{name.replace('_', ' ')} x{qty}", prices.extras[name] * qty))
    for flag in client["flags"]:
        amount = prices.surcharge(flag, base, client["days"])
        if amount:
            lines.append((flag.replace("_", " "), amount))
    gross = rounding.round_total(sum(amount for _, amount in lines))
    net, vat = rounding.vat_split(gross, prices.vat_rate)
    return lines, net, vat, gross


def render(client, lines, net, vat, gross, period):
    out = [f"INVOICE  {period}", f"To: {client['owner']}", f"Horse: {client['horse']}", ""]
    for label, amount in lines:
        out.append(f"  {label:<45} £{amount:>9.2f}")
    out += ["", f"  {'Net':<45} £{net:>9.2f}", f"  {'VAT':<45} £{vat:>9.2f}",
            f"  {'TOTAL DUE':<45} £{gross:>9.2f}", "", "Payment by BACS within 14 days please."]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Build monthly livery invoices")
    ap.add_argument("--clients", default="clients.csv")
    ap.add_argument("--prices", default="prices.json")
    ap.add_argument("--out", default="invoices")
    ap.add_argument("--period", default=date.today().strftime("%Y-%m"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rounding = _load_rounding()
    prices = PriceList(args.prices)
    outdir = Path(args.out) / args.period
    outdir.mkdir(parents=True, exist_ok=True)

    totals = defaultdict(Decimal)
    summary = []
    for client in read_clients(args.clients):
        try:
            lines, net, vat, gross = build_invoice(client, prices, rounding)
        except KeyError as exc:
            log.error("%s: missing price for %s", client.get("owner"), exc)
            continue
        slug = client["owner"].lower().replace(" ", "_")
        (outdir / f"{slug}.txt").write_text(render(client, lines, net, vat, gross, args.period),
                                            encoding="utf-8")
        summary.append([client["owner"], client["horse"], f"{net:.2f}", f"{vat:.2f}", f"{gross:.2f}"])
        totals["net"] += net
        totals["vat"] += vat
        totals["gross"] += gross

    with open(outdir / "summary.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["owner", "horse", "net", "vat", "gross"])
        writer.writerows(summary)
        writer.writerow(["TOTAL", "", f"{totals['net']:.2f}", f"{totals['vat']:.2f}",
                         f"{totals['gross']:.2f}"])
    log.info("%d invoices written to %s (gross £%.2f)", len(summary), outdir, totals["gross"])


if __name__ == "__main__":
    main()
