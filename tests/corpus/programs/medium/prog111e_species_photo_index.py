#!/usr/bin/env python3
"""Species photo index builder for the foragers' co-op.

Walks a folder of field photos organised as <genus>_<species>/IMG_xxxx.jpg,
reads capture date and GPS from EXIF, makes 320px thumbnails, estimates the
dominant cap colour and writes catalogue.json plus a browsable index.html.
Already processed photos are remembered in a cache so reruns are quick.
"""
import argparse
import html
import json
import logging
import pickle
import sys
from collections import Counter
from pathlib import Path

from PIL import ExifTags, Image

LOG = logging.getLogger("catalogue")
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".webp"}
THUMB_SIZE = (320, 320)
CACHE_NAME = ".thumbcache.pkl"


def quantise(px, levels=32):
    step = max(1, 256 // levels)
    return tuple(min(255, (c // step) * step + step // 2) for c in px[:3])


GPS_TAG = next(k for k, v in ExifTags.TAGS.items() if v == "GPSInfo")
DATE_TAG = next(k for k, v in ExifTags.TAGS.items() if v == "DateTimeOriginal")


def _dms_to_deg(dms, ref):
    deg = float(dms[0]) + float(dms[1]) / 60 + float(dms[2]) / 3600
    return -deg if ref in ("S", "W") else deg


def read_exif(img):
    info = {"taken": None, "lat": None, "lon": None}
    exif = img.getexif()
    if not exif:
        return info
    info["taken"] = exif.get(DATE_TAG) or exif.get(306)
    gps = exif.get_ifd(GPS_TAG) if hasattr(exif, "get_ifd") else {}
    try:
        info["lat"] = round(_dms_to_deg(gps[2], gps[1]), 5)
        info["lon"] = round(_dms_to_deg(gps[4], gps[3]), 5)
    except (KeyError, TypeError, ZeroDivisionError):
        pass
    return info


def dominant_colour(img):
    small = img.convert("RGB").resize((48, 48))
    centre = small.crop((12, 12, 36, 36))
    counts = Counter(quantise(px) for px in centre.getdata())
    r, g, b = counts.most_common(1)[0][0]
    return f"#{r:02x}{g:02x}{b:02x}"


class ThumbCache:
    """Maps photo path -> (mtime, entry) so unchanged photos are skipped."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("ignoring unreadable cache %s: %s", path, exc)

    def get(self, photo):
        hit = self.data.get(str(photo))
        if hit and hit[0] == photo.stat().st_mtime:
            return hit[1]
        return None

    def put(self, photo, entry):
        self.data[str(photo)] = (photo.stat().st_mtime, entry)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)


def build_entry(photo, thumbs_dir, root):
    with Image.open(photo) as img:
        meta = read_exif(img)
        colour = dominant_colour(img)
        thumb = img.convert("RGB")
        thumb.thumbnail(THUMB_SIZE)
        rel = photo.relative_to(root)
        thumb_path = thumbs_dir / (str(rel).replace("/", "__") + ".thumb.jpg")
        thumb.save(thumb_path, "JPEG", quality=82)
    species = photo.parent.name.replace("_", " ").capitalize()
    return {"species": species, "file": str(rel), "thumb": thumb_path.name,
            "cap_colour": colour, **meta}


def write_index(entries, out_dir):
    rows = []
    for e in sorted(entries, key=lambda x: (x["species"], x["file"])):
        where = f"{e['lat']}, {e['lon']}" if e["lat"] is not None else "-"
        rows.append(
            "<tr><td><img src='thumbs/{t}' width=160></td><td><i>{s}</i></td>"
            "<td>{d}</td><td>{w}</td><td style='background:{c}'>{c}</td></tr>".format(
                t=html.escape(e["thumb"]), s=html.escape(e["species"]),
                d=html.escape(str(e["taken"] or "-")), w=html.escape(where),
                c=html.escape(e["cap_colour"])))
    page = ("<!doctype html><meta charset=utf-8><title>Species catalogue</title>"
            "<table><tr><th></th><th>Species</th><th>Taken</th><th>GPS</th>"
            "<th>Cap</th></tr>\n" + "\n".join(rows) + "\n</table>")
    (out_dir / "index.html").write_text(page, encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("photos", type=Path, help="root folder of field photos")
    ap.add_argument("-o", "--out", type=Path, default=Path("catalogue"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.photos.is_dir():
        LOG.error("%s is not a directory", args.photos)
        return 2
    thumbs = args.out / "thumbs"
    thumbs.mkdir(parents=True, exist_ok=True)
    cache = ThumbCache(args.out / CACHE_NAME)

    entries, failed, reused = [], 0, 0
    for photo in sorted(args.photos.rglob("*")):
        if photo.suffix.lower() not in PHOTO_EXT:
            continue
        entry = cache.get(photo)
        if entry is not None:
            reused += 1
            entries.append(entry)
            continue
        try:
            entry = build_entry(photo, thumbs, args.photos)
        except (OSError, ValueError) as exc:
            failed += 1
            LOG.warning("skipping %s: %s", photo, exc)
            continue
        cache.put(photo, entry)
        entries.append(entry)

    cache.save()
    (args.out / "catalogue.json").write_text(json.dumps(entries, indent=2), encoding="utf-8")
    write_index(entries, args.out)
    LOG.info("%d photos (%d from cache) across %d species, %d skipped", len(entries),
             reused, len({e["species"] for e in entries}), failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
