#!/usr/bin/env python3
"""Export loyalty stamp cards from the tea room POS database.

Writes into the output directory:
  * members.csv  - import file for the newsletter tool
  * cards.html   - printable sheet of replacement cards (EAN-13 barcodes)

Templates in ./templates/ override the built-in card sheet.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader

log = logging.getLogger("loyalty-export")

BUILTIN = {
    "cards.html": """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ shop }} loyalty cards</title>
<style>
 .card{width:85mm;height:54mm;border:1px solid #999;display:inline-block;margin:3mm;padding:4mm;font-family:sans-serif}
 .tier{float:right;text-transform:uppercase;font-size:9pt;color:#6b4f2a}
 .code{font-family:monospace;letter-spacing:2px;margin-top:8mm}
</style></head><body>
{% for c in cards %}
<div class="card">
  <span class="tier">{{ c.tier }}</span>
  <h3>{{ c.name }}</h3>
  <p>{{ c.stamps }}/10 stamps{% if c.free_drinks %} &middot; {{ c.free_drinks }} free pot(s) owed{% endif %}</p>
  <p class="code">{{ c.barcode }}</p>
</div>
{% endfor %}
</body></html>
""",
}


def ean13(member_id, prefix="29"):
    base = (prefix + str(member_id).zfill(10))[:12]
    odd = sum(int(c) for c in base[0::2])
    even = sum(int(c) for c in base[1::2])
    return base + str((10 - (odd + 3 * even) % 10) % 10)


def tier_for(stamps, floors=(0, 10, 25, 50)):
    names = ("leaf", "steep", "reserve", "estate")
    tier = names[0]
    for name, floor in zip(names, floors):
        if stamps >= floor:
            tier = name
    return tier


def card_row(member):
    stamps = int(member["stamps"] or 0)
    return {
        "id": member["id"],
        "barcode": ean13(member["id"]),
        "tier": tier_for(stamps),
        "name": " ".join(p.capitalize() for p in (member["name"] or "").split()),
        "email": (member["email"] or "").strip().lower(),
        "stamps": stamps % 10,
        "free_drinks": stamps // 10,
        "last_visit": member["last_visit"],
    }


class CardExporter:
    QUERY = ("SELECT id, name, email, stamps, last_visit, marketing_opt_in "
             "FROM loyalty_members WHERE last_visit >= ? AND archived = 0 ORDER BY name")

    def __init__(self, db_path, out_dir, template_dir=Path("templates"), shop="The Tea Room"):
        self.db_path = db_path
        self.out_dir = out_dir
        self.shop = shop
        loaders = [DictLoader(BUILTIN)]
        if template_dir.is_dir():
            loaders.insert(0, FileSystemLoader(str(template_dir)))
        self.env = Environment(loader=ChoiceLoader(loaders), autoescape=False, trim_blocks=True)

    def members(self, since):
        conn = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        try:
            return conn.execute(self.QUERY, (since.isoformat(),)).fetchall()
        finally:
            conn.close()

    def write_csv(self, rows):
        path = self.out_dir / "members.csv"
        fields = ["email", "name", "tier", "stamps", "free_drinks", "last_visit"]
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
            w.writeheader()
            for member, row in rows:
                if member["marketing_opt_in"] and row["email"]:
                    w.writerow(row)
        return path

    def write_html(self, rows):
        path = self.out_dir / "cards.html"
        html = self.env.get_template("cards.html").render(shop=self.shop, cards=[r for _, r in rows])
        path.write_text(html, encoding="utf-8")
        return path

    def run(self, since):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        members = self.members(since)
        rows = [(m, card_row(m)) for m in members]
        log.info("%d active members since %s", len(rows), since)
        return self.write_csv(rows), self.write_html(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export loyalty stamp cards")
    ap.add_argument("--db", type=Path, default=Path("pos.sqlite"))
    ap.add_argument("--out", type=Path, default=Path("export"))
    ap.add_argument("--days", type=int, default=180, help="only members seen in the last N days")
    ap.add_argument("--shop", default="The Tea Room")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.db.exists():
        log.error("POS database %s not found", args.db)
        return 2
    try:
        csv_path, html_path = CardExporter(args.db, args.out, shop=args.shop).run(
            date.today() - timedelta(days=args.days))
    except sqlite3.Error as exc:
        log.error("could not read members: %s", exc)
        return 1
    log.info("wrote %s and %s", csv_path, html_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
