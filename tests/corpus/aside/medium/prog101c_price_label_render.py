#!/usr/bin/env python3
"""Render tank-front and shelf price labels and send them to the label printer.

Input is the price export from the till (labels.csv: code, name, latin,
price, unit, care_level, notes).  Each row becomes one 62x29 mm label; the
batch is rendered to HTML, converted to PDF with wkhtmltopdf and printed on
the CUPS queue set up by the label printer installer.
"""

import argparse
import csv
import datetime as dt
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader

log = logging.getLogger("price_labels")

BUILTIN_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
  @page { size: 62mm 29mm; margin: 1mm; }
  .label { width: 60mm; height: 27mm; page-break-after: always; font-family: sans-serif; }
  .name { font-size: 11pt; font-weight: bold; }
  .latin { font-size: 7pt; font-style: italic; }
  .price { font-size: 16pt; float: right; }
  .care { font-size: 6pt; }
</style></head><body>
{% for item in items %}
<div class="label">
  <div class="name">{{ item.name }}</div>
  {% if item.latin %}<div class="latin">{{ item.latin }}</div>{% endif %}
  <div class="price">{{ currency }}{{ item.price }}{% if item.unit %} / {{ item.unit }}{% endif %}</div>
  <div class="care">{{ item.care_level }} {{ item.notes }}</div>
</div>
{% endfor %}
</body></html>
"""


def make_env(template_dir):
    loader = ChoiceLoader([FileSystemLoader(template_dir), DictLoader({"label.html": BUILTIN_TEMPLATE})])
    env = Environment(loader=loader, autoescape=False, trim_blocks=True, lstrip_blocks=True)
    env.filters["money"] = lambda v: f"{float(v):.2f}"
    return env


def read_items(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                row["price"] = f"{float(row['price']):.2f}"
            except (KeyError, ValueError):
                log.warning("skipping %s: bad price", row.get("code", "?"))
                continue
            yield row


def render(env, items, currency):
    template = env.get_template("label.html")
    return template.render(items=items, currency=currency, printed=dt.date.today())


def to_pdf(html_path, pdf_path):
    cmd = ["wkhtmltopdf", "--quiet", "--page-width", "62mm", "--page-height", "29mm",
           "-T", "0", "-B", "0", "-L", "0", "-R", "0", str(html_path), str(pdf_path)]
    subprocess.run(cmd, check=True, timeout=120)


def send_to_printer(pdf_path, queue, copies):
    cmd = ["lp", "-d", queue, "-n", str(copies), "-o", "media=62x29mm", str(pdf_path)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    log.info("%s", out.stdout.strip())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="?", default="labels.csv")
    parser.add_argument("--templates", default="label_templates")
    parser.add_argument("--queue", default="shelf_labels")
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--currency", default="\u00a3")
    parser.add_argument("--out-dir", default="labels_out")
    parser.add_argument("--no-print", action="store_true", help="render the PDF only")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    items = list(read_items(args.csv))
    if not items:
        log.error("no printable rows in %s", args.csv)
        return 1
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    html_path = out_dir / f"labels-{stamp}.html"
    pdf_path = html_path.with_suffix(".pdf")

    html_path.write_text(render(make_env(args.templates), items, args.currency), encoding="utf-8")
    if shutil.which("wkhtmltopdf") is None:
        log.error("wkhtmltopdf not installed; HTML left at %s", html_path)
        return 1
    try:
        to_pdf(html_path, pdf_path)
        if not args.no_print:
            send_to_printer(pdf_path, args.queue, args.copies)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        log.error("label job failed: %s", exc)
        return 1
    log.info("%d labels -> %s", len(items), pdf_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
