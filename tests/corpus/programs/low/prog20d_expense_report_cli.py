#!/usr/bin/env python3
"""spendwise -- categorise bank-statement CSVs and produce monthly reports.

    spendwise import statements/*.csv     parse and cache statements
    spendwise summary [--month 2024-05]   totals per category
    spendwise top [--n 10]                largest single expenses
    spendwise export --format md|html     write report.md / report.html
    spendwise clean                       drop the parse cache

Categories are assigned by substring rules in ./rules.json:

    {"groceries": ["lidl", "aldi", "rewe"], "transport": ["db bahn", "uber"]}
"""
import argparse
import csv
import datetime as dt
import hashlib
import html
import json
import shutil
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Dict, Iterable, List

CACHE_DIR = Path(".spendwise-cache")
RULES_FILE = Path("rules.json")
INDEX_FILE = CACHE_DIR / "index.json"
DATE_FORMATS = ("%Y-%m-%d", "%d.%m.%Y", "%m/%d/%Y")


@dataclass
class Txn:
    date: str
    description: str
    amount: str
    category: str = "uncategorised"

    @property
    def value(self) -> Decimal:
        return Decimal(self.amount)

    @property
    def month(self) -> str:
        return self.date[:7]


def parse_date(text: str) -> str:
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(text.strip(), fmt).date().isoformat()
        except ValueError:
            continue
    raise ValueError("unrecognised date %r" % text)


def parse_amount(text: str) -> Decimal:
    cleaned = text.strip().replace("\u00a0", "").replace(" ", "")
    if "," in cleaned and "." in cleaned:
        cleaned = cleaned.replace(".", "").replace(",", ".") if cleaned.rfind(",") > cleaned.rfind(".") \
            else cleaned.replace(",", "")
    elif "," in cleaned:
        cleaned = cleaned.replace(",", ".")
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        raise ValueError("unrecognised amount %r" % text)


def load_rules() -> Dict[str, List[str]]:
    if not RULES_FILE.exists():
        return {}
    raw = json.loads(RULES_FILE.read_text(encoding="utf-8"))
    return {cat: [kw.lower() for kw in kws] for cat, kws in raw.items()}


def categorise(txns: Iterable[Txn], rules: Dict[str, List[str]]) -> List[Txn]:
    out = []
    for t in txns:
        desc = t.description.lower()
        for category, keywords in rules.items():
            if any(kw in desc for kw in keywords):
                t.category = category
                break
        out.append(t)
    return out


def read_statement(path: Path) -> List[Txn]:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        sample = fh.read(4096)
        fh.seek(0)
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
        reader = csv.DictReader(fh, dialect=dialect)
        cols = {c.lower().strip(): c for c in reader.fieldnames or []}
        date_col = cols.get("date") or cols.get("booking date")
        desc_col = cols.get("description") or cols.get("payee") or cols.get("text")
        amt_col = cols.get("amount") or cols.get("value")
        if not (date_col and desc_col and amt_col):
            raise ValueError("%s: need date, description and amount columns" % path)
        return [Txn(parse_date(r[date_col]), r[desc_col].strip(), str(parse_amount(r[amt_col])))
                for r in reader if r.get(amt_col)]


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_index() -> Dict[str, str]:
    return json.loads(INDEX_FILE.read_text()) if INDEX_FILE.exists() else {}


def all_transactions() -> List[Txn]:
    rules = load_rules()
    txns = []
    for key in load_index().values():
        data = json.loads((CACHE_DIR / (key + ".json")).read_text())
        txns.extend(Txn(**d) for d in data)
    return sorted(categorise(txns, rules), key=lambda t: t.date)


def cmd_import(args) -> int:
    CACHE_DIR.mkdir(exist_ok=True)
    index = load_index()
    for name in args.files:
        path = Path(name)
        key = cache_key(path)
        if index.get(str(path)) == key:
            print("unchanged", path)
            continue
        txns = read_statement(path)
        (CACHE_DIR / (key + ".json")).write_text(json.dumps([asdict(t) for t in txns]))
        index[str(path)] = key
        print("imported %s (%d transactions)" % (path, len(txns)))
    INDEX_FILE.write_text(json.dumps(index, indent=1))
    return 0


def summarise(txns: List[Txn], month: str = "") -> Dict[str, Decimal]:
    totals: Dict[str, Decimal] = defaultdict(Decimal)
    for t in txns:
        if month and t.month != month:
            continue
        if t.value < 0:
            totals[t.category] += -t.value
    return dict(sorted(totals.items(), key=lambda kv: kv[1], reverse=True))


def cmd_summary(args) -> int:
    totals = summarise(all_transactions(), args.month)
    grand = sum(totals.values(), Decimal(0))
    for category, amount in totals.items():
        share = (amount / grand * 100) if grand else 0
        print("%-20s %10.2f  %5.1f%%" % (category, amount, share))
    print("%-20s %10.2f" % ("TOTAL", grand))
    return 0


def cmd_top(args) -> int:
    expenses = [t for t in all_transactions() if t.value < 0]
    for t in sorted(expenses, key=lambda t: t.value)[:args.n]:
        print("%s  %10.2f  %-16s %s" % (t.date, -t.value, t.category, t.description[:50]))
    return 0


def render_markdown(by_month: Dict[str, Dict[str, Decimal]]) -> str:
    lines = ["# Spending report", ""]
    for month, totals in by_month.items():
        lines += ["## " + month, "", "| category | amount |", "|---|---:|"]
        lines += ["| %s | %.2f |" % (c, a) for c, a in totals.items()]
        lines.append("")
    return "\n".join(lines)


def render_html(by_month: Dict[str, Dict[str, Decimal]]) -> str:
    parts = ["<!doctype html><meta charset='utf-8'><title>Spending report</title><h1>Spending report</h1>"]
    for month, totals in by_month.items():
        parts.append("<h2>%s</h2><table>" % html.escape(month))
        parts += ["<tr><td>%s</td><td>%.2f</td></tr>" % (html.escape(c), a) for c, a in totals.items()]
        parts.append("</table>")
    return "\n".join(parts)


def cmd_export(args) -> int:
    txns = all_transactions()
    months = sorted({t.month for t in txns})
    by_month = {m: summarise(txns, m) for m in months}
    if args.format == "md":
        out, text = Path("report.md"), render_markdown(by_month)
    else:
        out, text = Path("report.html"), render_html(by_month)
    out.write_text(text, encoding="utf-8")
    print("wrote", out)
    return 0


def cmd_clean(args) -> int:
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        print("removed", CACHE_DIR)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="spendwise")
    sub = parser.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("import")
    i.add_argument("files", nargs="+")
    i.set_defaults(func=cmd_import)
    s = sub.add_parser("summary")
    s.add_argument("--month", default="")
    s.set_defaults(func=cmd_summary)
    t = sub.add_parser("top")
    t.add_argument("--n", type=int, default=10)
    t.set_defaults(func=cmd_top)
    e = sub.add_parser("export")
    e.add_argument("--format", choices=["md", "html"], default="md")
    e.set_defaults(func=cmd_export)
    sub.add_parser("clean").set_defaults(func=cmd_clean)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (OSError, ValueError) as exc:
        print("error:", exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
