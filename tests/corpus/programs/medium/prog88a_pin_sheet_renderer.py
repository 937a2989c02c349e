#!/usr/bin/env python3
"""Render the daily pin sheet handed out with scorecards at the starter hut.

The superintendent's crew records today's hole locations in a YAML file
(paces from the front edge and from the left/right edge, plus green depth).
This renders them into a printable HTML sheet using the club's template and
optionally a plain-text version for the tee-sheet notes field.

    pin_sheet_renderer.py pins/2024-06-14.yaml
    pin_sheet_renderer.py pins/today.yaml --template templates/pin_sheet.html --out out/
"""
import argparse
import datetime as dt
import logging
import sys
from pathlib import Path

import jinja2
import yaml

log = logging.getLogger("pinsheet")

DEFAULT_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ course }} pin sheet {{ date }}</title>
<style>table{border-collapse:collapse}td,th{border:1px solid #333;padding:4px 8px}</style>
</head><body>
<h1>{{ course }}</h1><h2>Hole locations &mdash; {{ date }}</h2>
{% if notice %}<p class="notice">{{ notice }}</p>{% endif %}
<table><tr><th>Hole</th><th>Par</th><th>From front</th><th>Side</th><th>Depth</th><th>Zone</th></tr>
{% for h in holes %}<tr><td>{{ h.number }}</td><td>{{ h.par }}</td><td>{{ h.front }}</td>
<td>{{ h.side_label }}</td><td>{{ h.depth }}</td><td>{{ h.zone }}</td></tr>
{% endfor %}</table>
<p>Greens speed: {{ stimp }} &middot; Cart rule: {{ cart_rule }}</p>
</body></html>
"""


class PinSheet:
    def __init__(self, data):
        self.course = data.get("course", "Main Course")
        self.date = data.get("date") or dt.date.today()
        self.notice = data.get("notice", "")
        self.stimp = data.get("stimp", "n/a")
        self.cart_rule = data.get("cart_rule", "Carts on paths near greens")
        self.holes = [self._hole(h) for h in data.get("holes", [])]

    @staticmethod
    def _hole(h):
        front, depth = int(h["front"]), int(h.get("depth", 30))
        side = int(h.get("side", 0))
        if side == 0:
            side_label = "centre"
        else:
            side_label = f"{abs(side)} {'left' if side < 0 else 'right'}"
        third = depth / 3
        zone = "front" if front <= third else ("middle" if front <= 2 * third else "back")
        return {"number": int(h["hole"]), "par": int(h.get("par", 4)), "front": front,
                "depth": depth, "side_label": side_label, "zone": zone}

    def validate(self):
        numbers = [h["number"] for h in self.holes]
        problems = []
        if sorted(numbers) != list(range(1, len(numbers) + 1)):
            problems.append(f"hole numbers not contiguous: {numbers}")
        for h in self.holes:
            if h["front"] >= h["depth"]:
                problems.append(f"hole {h['number']}: pin beyond green depth")
        return problems

    def as_text(self):
        lines = [f"{self.course} pins {self.date}"]
        lines += [f"{h['number']:>2}: {h['front']}/{h['depth']} {h['side_label']}" for h in self.holes]
        return "\n".join(lines) + "\n"


def load_pins(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def make_env(template_dir):
    loader = jinja2.ChoiceLoader([
        jinja2.FileSystemLoader(str(template_dir)),
        jinja2.DictLoader({"pin_sheet.html": DEFAULT_TEMPLATE}),
    ])
    return jinja2.Environment(loader=loader, autoescape=False, trim_blocks=True,
                              lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def render(sheet, template_path):
    env = make_env(Path(template_path).parent if template_path else Path("templates"))
    name = Path(template_path).name if template_path else "pin_sheet.html"
    tmpl = env.get_template(name)
    return tmpl.render(course=sheet.course, date=sheet.date, notice=sheet.notice,
                       stimp=sheet.stimp, cart_rule=sheet.cart_rule, holes=sheet.holes)


def main():
    ap = argparse.ArgumentParser(description="Render the daily pin sheet")
    ap.add_argument("pins", help="YAML file with today's hole locations")
    ap.add_argument("--template", help="Jinja2 HTML template (default: built-in)")
    ap.add_argument("--out", default="out")
    ap.add_argument("--text", action="store_true", help="also write a plain-text version")
    ap.add_argument("--strict", action="store_true", help="fail on validation problems")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        sheet = PinSheet(load_pins(args.pins) or {})
    except (OSError, yaml.YAMLError, KeyError, ValueError) as exc:
        log.error("cannot read %s: %s", args.pins, exc)
        return 1
    for problem in sheet.validate():
        log.warning(problem)
        if args.strict:
            return 1

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    html_path = out / f"pins_{sheet.date}.html"
    try:
        html_path.write_text(render(sheet, args.template), encoding="utf-8")
    except jinja2.TemplateError as exc:
        log.error("template error: %s", exc)
        return 1
    log.info("wrote %s (%d holes)", html_path, len(sheet.holes))
    if args.text:
        txt = out / f"pins_{sheet.date}.txt"
        txt.write_text(sheet.as_text(), encoding="utf-8")
        log.info("wrote %s", txt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
