#!/usr/bin/env python3
"""Render printable QSL cards from an ADIF log.

Each QSO in the ADIF file becomes one 140x90 mm card (PNG at 300 dpi) with
the station callsign, the contact details table and an optional background
picture. Cards already rendered are skipped unless --force is given.
"""

import argparse
import logging
import re
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger("qslcards")

DPI = 300
CARD_MM = (140, 90)
ADIF_FIELD = re.compile(r"<(\w+):(\d+)(?::\w)?>", re.IGNORECASE)


def mm(v):
    return int(round(v / 25.4 * DPI))


def parse_adif(text):
    """Yield one dict per record; field names are upper-cased."""
    idx = text.upper().find("<EOH>")
    body = text[idx + 5:] if idx >= 0 else text
    record, pos = {}, 0
    while True:
        m = ADIF_FIELD.search(body, pos)
        if not m:
            break
        name, length = m.group(1).upper(), int(m.group(2))
        start = m.end()
        if name == "EOR":
            if record:
                yield record
            record = {}
            pos = start
            continue
        record[name] = body[start:start + length]
        pos = start + length


def load_font(path, size):
    try:
        return ImageFont.truetype(path, size) if path else ImageFont.load_default()
    except OSError:
        log.warning("font %s not found, using default", path)
        return ImageFont.load_default()


class CardRenderer:
    def __init__(self, my_call, font_path=None, background=None):
        self.my_call = my_call.upper()
        self.size = (mm(CARD_MM[0]), mm(CARD_MM[1]))
        self.font_big = load_font(font_path, mm(18))
        self.font_small = load_font(font_path, mm(4))
        self.background = None
        if background:
            bg = Image.open(background).convert("RGB")
            self.background = bg.resize(self.size)

    def render(self, qso):
        card = (self.background.copy() if self.background
                else Image.new("RGB", self.size, "white"))
        draw = ImageDraw.Draw(card)
        draw.text((mm(8), mm(6)), self.my_call, font=self.font_big, fill="navy")
        draw.text((mm(8), mm(30)), f"To Radio: {qso.get('CALL', '?')}",
                  font=self.font_small, fill="black")
        headers = ["Date", "UTC", "MHz", "Mode", "RST"]
        date = qso.get("QSO_DATE", "")
        values = [f"{date[:4]}-{date[4:6]}-{date[6:8]}" if len(date) == 8 else date,
                  qso.get("TIME_ON", "")[:4],
                  qso.get("FREQ", qso.get("BAND", "")),
                  qso.get("MODE", ""),
                  qso.get("RST_SENT", "59")]
        x0, y0, col = mm(8), mm(45), mm(24)
        for i, (h, v) in enumerate(zip(headers, values)):
            draw.rectangle([x0 + i * col, y0, x0 + (i + 1) * col, y0 + mm(16)],
                           outline="black", width=3)
            draw.text((x0 + i * col + mm(2), y0 + mm(1)), h,
                      font=self.font_small, fill="gray")
            draw.text((x0 + i * col + mm(2), y0 + mm(8)), v,
                      font=self.font_small, fill="black")
        draw.text((mm(8), mm(75)), "PSE QSL TNX", font=self.font_small, fill="black")
        return card


def card_name(qso):
    call = re.sub(r"[^A-Z0-9]", "_", qso.get("CALL", "UNKNOWN").upper())
    return f"{qso.get('QSO_DATE', '00000000')}_{qso.get('TIME_ON', '0000')[:4]}_{call}.png"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("adif", type=Path)
    ap.add_argument("--call", required=True, help="your station callsign")
    ap.add_argument("--out", type=Path, default=Path("cards"))
    ap.add_argument("--font")
    ap.add_argument("--background")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        text = args.adif.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        log.error("cannot read %s: %s", args.adif, exc)
        return 1
    renderer = CardRenderer(args.call, args.font, args.background)
    args.out.mkdir(parents=True, exist_ok=True)
    done = 0
    for qso in parse_adif(text):
        target = args.out / card_name(qso)
        if target.exists() and not args.force:
            continue
        renderer.render(qso).save(target, dpi=(DPI, DPI))
        done += 1
    log.info("rendered %d card(s) into %s", done, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
