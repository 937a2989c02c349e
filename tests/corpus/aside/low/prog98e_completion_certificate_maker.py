#!/usr/bin/env python3
"""Completion certificate maker.

Renders a PDF certificate for every graduate listed in a CSV export
(full_name, course, completed_on, hours) onto the programme template, stamps a
verification code that the public /verify page can check, and writes a
manifest the registrar imports.

Environment:
    CERT_SIGNING_KEY   HMAC key shared with the verification service
"""

import argparse
import csv
import hashlib
import hmac
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger("certmaker")

PAGE = (3508, 2480)  # A4 landscape at 300 dpi
INK = (28, 38, 64)
ACCENT = (196, 140, 36)


def load_font(path, size):
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        log.warning("font %s unavailable, falling back to default", path)
        try:
            return ImageFont.load_default(size=size)
        except TypeError:
            return ImageFont.load_default()


def verification_code(key, row):
    msg = "|".join((row["full_name"].strip(), row["course"].strip(), row["completed_on"].strip()))
    digest = hmac.new(key, msg.encode("utf-8"), hashlib.sha256).hexdigest()[:12].upper()
    return "-".join(digest[i:i + 4] for i in range(0, 12, 4))


def row_cache_key(row, template):
    # re-render only when the row or template changed
    h = hashlib.md5()
    h.update(json.dumps(row, sort_keys=True).encode())
    if template:
        h.update(str(Path(template).stat().st_mtime_ns).encode())
    return h.hexdigest()


def centered(draw, y, text, font, fill=INK):
    left, _, right, _ = draw.textbbox((0, 0), text, font=font)
    draw.text(((PAGE[0] - (right - left)) / 2, y), text, font=font, fill=fill)


def render(row, code, template, fonts, programme):
    if template:
        img = Image.open(template).convert("RGB").resize(PAGE)
    else:
        img = Image.new("RGB", PAGE, "white")
        ImageDraw.Draw(img).rectangle((80, 80, PAGE[0] - 80, PAGE[1] - 80), outline=ACCENT, width=18)
    draw = ImageDraw.Draw(img)
    centered(draw, 520, programme.upper(), fonts["small"], ACCENT)
    centered(draw, 700, "Certificate of Completion", fonts["title"])
    centered(draw, 1020, row["full_name"].strip(), fonts["name"])
    centered(draw, 1300, "has successfully completed", fonts["body"])
    centered(draw, 1440, row["course"].strip(), fonts["body"])
    hours = row.get("hours", "").strip()
    when = date.fromisoformat(row["completed_on"].strip()).strftime("%d %B %Y")
    centered(draw, 1620, f"{hours} hours · {when}" if hours else when, fonts["small"])
    centered(draw, 2180, f"Verify at /verify with code {code}", fonts["small"])
    return img


def file_stem(name):
    return "".join(c if c.isalnum() else "_" for c in name.strip()).strip("_").lower() or "graduate"


def main(argv=None):
    ap = argparse.ArgumentParser(description="render completion certificates")
    ap.add_argument("roster", type=Path)
    ap.add_argument("--template", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("certificates"))
    ap.add_argument("--font", default="DejaVuSerif.ttf")
    ap.add_argument("--programme", default="Full-Stack Web Development Bootcamp")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CERT_SIGNING_KEY", "").encode()
    if not key:
        log.error("CERT_SIGNING_KEY is not set")
        return 2
    fonts = {"title": load_font(args.font, 150), "name": load_font(args.font, 190),
             "body": load_font(args.font, 90), "small": load_font(args.font, 60)}
    args.out_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = args.out_dir / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}

    made = skipped = 0
    with open(args.roster, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                stem = file_stem(row["full_name"])
                ck = row_cache_key(row, args.template)
                out = args.out_dir / f"{stem}.pdf"
                if not args.force and manifest.get(stem, {}).get("cache") == ck and out.exists():
                    skipped += 1
                    continue
                code = verification_code(key, row)
                render(row, code, args.template, fonts, args.programme).save(out, "PDF", resolution=300)
                manifest[stem] = {"name": row["full_name"].strip(), "course": row["course"].strip(),
                                  "code": code, "file": out.name, "cache": ck}
                made += 1
            except (KeyError, ValueError, OSError) as exc:
                log.warning("skipping row %r: %s", row.get("full_name"), exc)

    manifest_path.write_text(json.dumps(manifest, indent=2))
    os.chmod(manifest_path, 0o600)
    log.info("%d certificates rendered, %d unchanged, output in %s", made, skipped, args.out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
