#!/usr/bin/env python3
"""Render gift-card messages for the day's orders as printable HTML sheets.

Takes the order queue (queue/*.json, as written by the order feed), groups
cards by card design and renders one A4 sheet of 4 x A6 cards per page using
the templates in templates/cards/. Output goes to print/<date>/<design>.html,
ready for the browser's print dialog.

Template settings can be overridden in cards.yaml:
    fonts: {script: "Great Vibes", body: "Lato"}
    designs: {sympathy: "lily.html", birthday: "confetti.html"}
"""
import argparse
import json
import logging
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, TemplateNotFound

log = logging.getLogger("card_render")

DEFAULTS = {
    "fonts": {"script": "Great Vibes", "body": "Lato"},
    "designs": {"default": "plain.html"},
    "cards_per_sheet": 4,
    "jinja": {"trim_blocks": True, "lstrip_blocks": True, "autoescape": False},
}


def load_settings(path):
    settings = json.loads(json.dumps(DEFAULTS))
    p = Path(path)
    if p.exists():
        with p.open(encoding="utf-8") as fh:
            user = yaml.safe_load(fh) or {}
        for key, value in user.items():
            if isinstance(value, dict) and isinstance(settings.get(key), dict):
                settings[key].update(value)
            else:
                settings[key] = value
    return settings


def make_env(template_dir, jinja_opts):
    env = Environment(loader=FileSystemLoader(str(template_dir)), **jinja_opts)
    env.filters["linebreaks"] = lambda s: "<br>".join((s or "").splitlines())
    env.filters["initials"] = lambda s: "".join(w[0] for w in (s or "").split()[:2]).upper()
    return env


def read_queue(queue_dir, day):
    for path in sorted(Path(queue_dir).glob("*.json")):
        try:
            order = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if day and order.get("deliver_on") not in (None, day):
            continue
        if not order.get("card_message"):
            continue
        yield order


def chunk(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def render_sheets(env, settings, orders, out_dir):
    by_design = defaultdict(list)
    for order in orders:
        design = order.get("card_design", "default")
        by_design[design].append({
            "order_id": order["id"],
            "to": order.get("recipient", {}).get("name", ""),
            "message": order["card_message"],
            "from": order.get("card_from", ""),
        })
    written = []
    for design, cards in by_design.items():
        name = settings["designs"].get(design, settings["designs"]["default"])
        try:
            tpl = env.get_template(name)
        except TemplateNotFound:
            log.error("no template %s for design %s", name, design)
            continue
        html = tpl.render(sheets=list(chunk(cards, settings["cards_per_sheet"])),
                          fonts=settings["fonts"], design=design)
        target = out_dir / f"{design}.html"
        target.write_text(html, encoding="utf-8")
        written.append((target, len(cards)))
    return written


def main():
    ap = argparse.ArgumentParser(description="Render card messages for printing")
    ap.add_argument("--queue", default="queue")
    ap.add_argument("--templates", default="templates/cards")
    ap.add_argument("--settings", default="cards.yaml")
    ap.add_argument("--day", default=date.today().isoformat(),
                    help="delivery day to print (YYYY-MM-DD)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    env = make_env(args.templates, settings["jinja"])
    orders = list(read_queue(args.queue, args.day))
    if not orders:
        log.info("no card messages for %s", args.day)
        return 0
    out_dir = Path("print") / args.day
    out_dir.mkdir(parents=True, exist_ok=True)
    for target, count in render_sheets(env, settings, orders, out_dir):
        log.info("%s: %d cards", target, count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
