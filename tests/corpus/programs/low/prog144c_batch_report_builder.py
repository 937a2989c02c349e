#!/usr/bin/env python3
"""Build the weekly substrate batch report as a single HTML file.

Takes the batch CSV from the pasteuriser log and the flush photos the
growers drop in ./photos, and produces one self-contained HTML file the
manager can email to the spawn supplier. Photos are embedded as data
URIs so the file works offline.
"""
import argparse
import base64
import csv
import html
import logging
import mimetypes
import shutil
from datetime import date
from pathlib import Path

log = logging.getLogger("report")

BUILD_DIR = Path("build")
OUT_NAME = "batch_report_{}.html"


def load_batches(path):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    log.info("%d batches from %s", len(rows), path)
    return rows


def bio_efficiency(row):
    """Fresh mushroom weight per dry substrate weight, as a percentage."""
    try:
        return 100.0 * float(row["yield_kg"]) / float(row["dry_substrate_kg"])
    except (KeyError, ValueError, ZeroDivisionError):
        return None


def embed_image(path):
    mime = mimetypes.guess_type(path.name)[0] or "image/jpeg"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(path.stem)}" src="data:{mime};base64,{data}" width="320">'


def render(rows, photos):
    parts = ["<html><head><meta charset='utf-8'><title>Batch report</title>",
             "<style>td,th{padding:4px 8px;border:1px solid #ccc}</style></head><body>",
             f"<h1>Substrate batch report, week of {date.today():%d %b %Y}</h1>",
             "<table><tr><th>Batch</th><th>Recipe</th><th>Spawn lot</th>"
             "<th>Yield kg</th><th>BE %</th></tr>"]
    for r in rows:
        be = bio_efficiency(r)
        parts.append("<tr>" + "".join(
            f"<td>{html.escape(str(v))}</td>" for v in (
                r.get("batch", ""), r.get("recipe", ""), r.get("spawn_lot", ""),
                r.get("yield_kg", ""), f"{be:.0f}" if be is not None else "n/a")) + "</tr>")
    parts.append("</table><h2>Flush photos</h2>")
    for p in photos:
        parts.append(f"<figure>{embed_image(p)}<figcaption>{html.escape(p.stem)}"
                     "</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts)


def clean_build():
    # only our own build folder in the working directory
    if BUILD_DIR.is_dir():
        shutil.rmtree(BUILD_DIR)
        log.info("removed old %s/", BUILD_DIR)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--batches", default="batches.csv")
    ap.add_argument("--photos", default="photos")
    ap.add_argument("--clean", action="store_true", help="wipe build/ first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean_build()
    BUILD_DIR.mkdir(exist_ok=True)
    try:
        rows = load_batches(args.batches)
    except (OSError, csv.Error) as exc:
        log.error("cannot read batches: %s", exc)
        return 1
    photo_dir = Path(args.photos)
    photos = sorted(p for p in photo_dir.glob("*")
                    if p.suffix.lower() in {".jpg", ".jpeg", ".png"}) if photo_dir.is_dir() else []
    out = BUILD_DIR / OUT_NAME.format(date.today().isoformat())
    out.write_text(render(rows, photos), encoding="utf-8")
    log.info("wrote %s (%d batches, %d photos)", out, len(rows), len(photos))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
