#!/usr/bin/env python3
"""Daily haul tally: tonnes per truck and per product from the load tickets.

Reads the weighbridge ticket exports in ./tickets, writes an HTML report with
an inline bar chart to ./reports, and keeps a small cache of parsed files.
"""
import argparse
import base64
import csv
import hashlib
import html
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tally")

AGGREGATORS = {}


def aggregator(name):
    def reg(fn):
        AGGREGATORS[name] = fn
        return fn
    return reg


@dataclass
class Ticket:
    truck: str
    product: str
    tonnes: float
    shift: str


@dataclass
class Context:
    tickets: list = field(default_factory=list)
    cache_dir: Path = Path(".tally_cache")


def cache_key(path):
    st = path.stat()
    raw = "{}:{}:{}".format(path.name, st.st_size, st.st_mtime_ns)
    return hashlib.md5(raw.encode()).hexdigest()


def load_file(ctx, path):
    ctx.cache_dir.mkdir(exist_ok=True)
    cached = ctx.cache_dir / (cache_key(path) + ".json")
    if cached.exists():
        return [Ticket(**t) for t in json.loads(cached.read_text())]
    out = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                out.append(Ticket(row["truck"], row["product"],
                                  float(row["net_kg"]) / 1000.0, row.get("shift", "day")))
            except (KeyError, ValueError):
                continue
    cached.write_text(json.dumps([t.__dict__ for t in out]))
    return out


@aggregator("truck")
def by_truck(tickets):
    acc = defaultdict(float)
    for t in tickets:
        acc[t.truck] += t.tonnes
    return dict(sorted(acc.items()))


@aggregator("product")
def by_product(tickets):
    acc = defaultdict(float)
    for t in tickets:
        acc[t.product] += t.tonnes
    return dict(sorted(acc.items(), key=lambda kv: -kv[1]))


def bar_svg(data, width=480, bar=18):
    top = max(data.values(), default=1) or 1
    rows = []
    for i, (label, val) in enumerate(data.items()):
        w = int((width - 160) * val / top)
        y = i * (bar + 4)
        rows.append('<text x="0" y="{}" font-size="12">{}</text>'.format(y + 13, html.escape(label)))
        rows.append('<rect x="150" y="{}" width="{}" height="{}" fill="#7a6a55"/>'.format(y, w, bar))
    h = len(data) * (bar + 4)
    return '<svg width="{}" height="{}">{}</svg>'.format(width, h, "".join(rows))


def csv_link(name, data):
    text = "key,tonnes\n" + "".join("{},{:.3f}\n".format(k, v) for k, v in data.items())
    encoded = base64.b64encode(text.encode()).decode()
    return '<a download="{}.csv" href="data:text/csv;base64,{}">CSV</a>'.format(name, encoded)


def os_label():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def render(results, day):
    parts = ["<html><body><h1>Haul tally {}</h1>".format(html.escape(day))]
    for name, data in results.items():
        parts.append("<h2>By {}</h2>".format(name))
        parts.append(bar_svg(data))
        parts.append(csv_link(name, data))
        parts.append("<table>" + "".join(
            "<tr><td>{}</td><td>{:.1f} t</td></tr>".format(html.escape(k), v) for k, v in data.items())
            + "</table>")
    parts.append("<p><small>generated on {}</small></p></body></html>".format(os_label()))
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("day", help="YYYY-MM-DD")
    ap.add_argument("--tickets", default=os.environ.get("TALLY_TICKETS", "tickets"))
    ap.add_argument("--out", default="reports")
    ap.add_argument("--by", nargs="*", default=list(AGGREGATORS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ctx = Context()
    for path in sorted(Path(args.tickets).glob("*{}*.csv".format(args.day))):
        ctx.tickets.extend(load_file(ctx, path))
    log.info("%d tickets for %s", len(ctx.tickets), args.day)
    results = {name: AGGREGATORS[name](ctx.tickets) for name in args.by if name in AGGREGATORS}
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / "haul-{}.html".format(args.day)
    target.write_text(render(results, args.day))
    os.chmod(target, 0o600)
    log.info("report written to %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
