#!/usr/bin/env python3
"""Build client invoices for calligraphy commissions.

Reads commissions.csv (client, piece, hours, rate, materials, currency,
locale) and writes one plain-text and one HTML invoice per client into
./invoices.  Currency symbols and date formats come from locales.json; the
parsed tables are cached in ./.invoice_cache so repeated runs start fast.
"""
import argparse
import csv
import datetime as dt
import html
import json
import logging
import pickle
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("invoice-builder")

CACHE_DIR = Path(".invoice_cache")
CACHE_FILE = CACHE_DIR / "locales.pkl"
DEFAULT_TABLES = {
    "CURRENCIES": {"GBP": ("\u00a3", 2), "EUR": ("\u20ac", 2), "USD": ("$", 2)},
    "DATE_FORMATS": {"en_GB": "%d %B %Y", "en_US": "%B %d, %Y", "fr_FR": "%d/%m/%Y"},
}


class LocaleTables:
    """Locale tables, loaded from the cache or locales.json."""

    _ns = None
    source = Path("locales.json")

    @classmethod
    def tables(cls):
        if cls._ns is not None:
            return cls._ns
        if CACHE_FILE.exists() and (not cls.source.exists()
                                    or CACHE_FILE.stat().st_mtime >= cls.source.stat().st_mtime):
            with CACHE_FILE.open("rb") as fh:
                cls._ns = pickle.load(fh)
            log.debug("locale tables from cache")
            return cls._ns
        ns = dict(DEFAULT_TABLES)
        if cls.source.exists():
            data = json.loads(cls.source.read_text(encoding="utf-8"))
            ns["CURRENCIES"].update({k: tuple(v) for k, v in data.get("currencies", {}).items()})
            ns["DATE_FORMATS"].update(data.get("date_formats", {}))
        CACHE_DIR.mkdir(exist_ok=True)
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(ns, fh)
        cls._ns = ns
        return ns

    @classmethod
    def currency(cls, code):
        return cls.tables()["CURRENCIES"].get(code, (code + " ", 2))

    @classmethod
    def date_format(cls, locale):
        return cls.tables()["DATE_FORMATS"].get(locale, "%Y-%m-%d")


def money(amount, code):
    symbol, places = LocaleTables.currency(code)
    return f"{symbol}{amount:,.{places}f}"


def read_commissions(path):
    by_client = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["hours"] = float(row["hours"])
                row["rate"] = float(row["rate"])
                row["materials"] = float(row.get("materials") or 0)
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
                continue
            by_client[row["client"]].append(row)
    return by_client


def render(client, rows, number, today):
    code = rows[0].get("currency", "GBP")
    locale = rows[0].get("locale", "en_GB")
    date_s = today.strftime(LocaleTables.date_format(locale))
    lines, total = [], 0.0
    for r in rows:
        amount = r["hours"] * r["rate"] + r["materials"]
        total += amount
        lines.append((r["piece"], r["hours"], money(r["rate"], code), money(amount, code)))
    text = [f"INVOICE {number}", f"Date: {date_s}", f"Bill to: {client}", ""]
    text += [f"{p:<40} {h:>5.1f}h @ {rt:>10} = {a:>12}" for p, h, rt, a in lines]
    text += ["", f"{'TOTAL':<40} {money(total, code):>34}"]
    rows_html = "".join(
        f"<tr><td>{html.escape(p)}</td><td>{h:.1f}</td><td>{rt}</td><td>{a}</td></tr>"
        for p, h, rt, a in lines)
    page = (f"<html><body><h1>Invoice {number}</h1><p>{date_s}</p>"
            f"<p>Bill to: {html.escape(client)}</p><table>{rows_html}</table>"
            f"<p><b>Total: {money(total, code)}</b></p></body></html>")
    return "\n".join(text) + "\n", page


def main():
    ap = argparse.ArgumentParser(description="Build calligraphy commission invoices")
    ap.add_argument("csv", nargs="?", default="commissions.csv")
    ap.add_argument("--out", type=Path, default=Path("invoices"))
    ap.add_argument("--locales", type=Path, default=Path("locales.json"))
    ap.add_argument("--start-number", type=int, default=1001)
    ap.add_argument("--prefix", default="CAL-")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    LocaleTables.source = args.locales
    try:
        clients = read_commissions(args.csv)
    except FileNotFoundError:
        log.error("no commissions file at %s", args.csv)
        return 1
    args.out.mkdir(exist_ok=True)
    today = dt.date.today()
    for i, (client, rows) in enumerate(sorted(clients.items())):
        number = f"{args.prefix}{args.start_number + i}"
        text, page = render(client, rows, number, today)
        (args.out / f"{number}.txt").write_text(text, encoding="utf-8")
        (args.out / f"{number}.html").write_text(page, encoding="utf-8")
        log.info("wrote invoice %s for %s", number, client)
    return 0


if __name__ == "__main__":
    sys.exit(main())
