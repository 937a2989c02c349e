#!/usr/bin/env python3
"""Render harvester/dealer shellfish tags for a day's lots as printable HTML.

Every container of shellstock leaving the farm needs a tag with the
harvester, growing area, harvest date and time, species, quantity and the
"retain for 90 days" statement. The layout lives in a Jinja2 template so the
office can tweak it; the farm details and wording come from tag_config.yaml.

    harvest_tag_printer.py lots_2024-06-12.csv -o tags_2024-06-12.html
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateNotFound

log = logging.getLogger("tag_printer")

DEFAULT_CONFIG = {
    "dealer": {"name": "Tidewater Shellfish Co.", "cert": "XX-000-SS", "address": ""},
    "statement": "This tag is required to be attached until container is empty "
                 "and thereafter kept on file for 90 days.",
    "template": "tag.html.j2",
    "templates_dir": "templates",
    "tags_per_page": 6,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open() as fh:
            user = yaml.load(fh, Loader=yaml.Loader) or {}
        cfg.update(user)
    else:
        log.warning("%s not found, using defaults", path)
    return cfg


def read_lots(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            bags = int(row.get("bags") or 1)
            harvested = dt.datetime.fromisoformat(row["harvested_at"])
            for n in range(1, bags + 1):
                yield {
                    "lot": row["lot_code"],
                    "bag": n,
                    "bags": bags,
                    "harvester": row["harvester"],
                    "harvester_cert": row["harvester_cert"],
                    "area": row["growing_area"],
                    "species": row.get("species", "Crassostrea virginica"),
                    "brand": row.get("brand", ""),
                    "quantity": row["quantity_per_bag"],
                    "harvest_date": harvested.strftime("%m/%d/%Y"),
                    "harvest_time": harvested.strftime("%H:%M"),
                    "notes": row.get("notes", ""),
                }


def pages(tags, per_page):
    page = []
    for tag in tags:
        page.append(tag)
        if len(page) == per_page:
            yield page
            page = []
    if page:
        yield page


def build_env(templates_dir):
    env = Environment(
        loader=FileSystemLoader(templates_dir),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["upper_area"] = lambda s: s.upper().replace(" ", "-")
    return env


FALLBACK_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Tags {{ printed }}</title>
<style>.page{page-break-after:always;display:grid;grid-template-columns:1fr 1fr;gap:8mm}
.tag{border:1px solid #000;padding:4mm;font:10pt sans-serif}</style></head><body>
{% for page in pages %}<div class="page">
{% for t in page %}<div class="tag">
<b>{{ dealer.name }}</b> &middot; {{ dealer.cert }}<br>
Harvester: {{ t.harvester }} ({{ t.harvester_cert }})<br>
Area: {{ t.area|upper_area }} &middot; {{ t.harvest_date }} {{ t.harvest_time }}<br>
{{ t.species }} {{ t.brand }} &middot; {{ t.quantity }} &middot; lot {{ t.lot }} bag {{ t.bag }}/{{ t.bags }}<br>
{{ t.notes }}<br><small>{{ statement }}</small>
</div>{% endfor %}
</div>{% endfor %}
</body></html>
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lots", type=Path)
    ap.add_argument("-c", "--config", type=Path, default=Path("tag_config.yaml"))
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    env = build_env(cfg["templates_dir"])
    try:
        template = env.get_template(cfg["template"])
    except TemplateNotFound:
        log.info("template %s not found, using built-in layout", cfg["template"])
        template = env.from_string(FALLBACK_TEMPLATE)

    try:
        tags = list(read_lots(args.lots))
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read lots file: %s", exc)
        return 1
    if not tags:
        log.error("no lots in %s", args.lots)
        return 1

    html = template.render(
        pages=list(pages(tags, int(cfg["tags_per_page"]))),
        dealer=cfg["dealer"],
        statement=cfg["statement"],
        printed=dt.date.today().isoformat(),
    )
    out = args.output or args.lots.with_suffix(".tags.html")
    out.write_text(html, encoding="utf-8")
    log.info("%d tags on %d pages -> %s", len(tags),
             -(-len(tags) // int(cfg["tags_per_page"])), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
