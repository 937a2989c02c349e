#!/usr/bin/env python3
"""Press pack builder.

Venues ask for a press pack: production photos, a short blurb and links
to reviews. This builds a single self-contained JSON file with the photos
embedded (base64) so the venue's marketing team can drop it into their
site builder, and checks the review links still work.
"""

import argparse
import base64
import json
import logging
import mimetypes
import sys
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("press-pack")

MAX_PHOTO_BYTES = 4 * 1024 * 1024
PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".webp"}


class PressPack:
    def __init__(self, show: str, blurb: str):
        self.show = show
        self.blurb = blurb
        self.photos = []
        self.reviews = []

    def add_photo(self, path: Path, credit: str) -> bool:
        size = path.stat().st_size
        if size > MAX_PHOTO_BYTES:
            log.warning("%s is %.1f MB, too big for the pack", path.name, size / 1e6)
            return False
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        self.photos.append({
            "file": path.name,
            "credit": credit,
            "data_uri": f"data:{mime};base64,{encoded}",
        })
        return True

    def add_review(self, url: str, ok: bool) -> None:
        self.reviews.append({"url": url, "reachable": ok})

    def to_dict(self) -> dict:
        return {
            "show": self.show,
            "blurb": self.blurb,
            "generated": date.today().isoformat(),
            "photos": self.photos,
            "reviews": self.reviews,
        }


def link_ok(url: str) -> bool:
    """HEAD the review link; some sites only answer GET, so fall back."""
    try:
        resp = requests.head(url, allow_redirects=True, timeout=10)
        if resp.status_code == 405:
            resp = requests.get(url, timeout=10, stream=True)
        return resp.status_code < 400
    except requests.RequestException as exc:
        log.debug("%s: %s", url, exc)
        return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", required=True)
    parser.add_argument("--blurb-file", type=Path, required=True)
    parser.add_argument("--photos", type=Path, default=Path("photos"))
    parser.add_argument("--credit", default="Photo: company archive")
    parser.add_argument("--reviews", type=Path, help="text file, one URL per line")
    parser.add_argument("-o", "--output", type=Path, default=Path("press_pack.json"))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        blurb = args.blurb_file.read_text(encoding="utf-8").strip()
    except OSError as exc:
        log.error("cannot read blurb: %s", exc)
        return 1

    pack = PressPack(args.show, blurb)
    if args.photos.is_dir():
        for path in sorted(args.photos.iterdir()):
            if path.suffix.lower() in PHOTO_TYPES:
                pack.add_photo(path, args.credit)
    log.info("%d photo(s) embedded", len(pack.photos))

    if args.reviews and args.reviews.exists():
        for line in args.reviews.read_text(encoding="utf-8").splitlines():
            url = line.strip()
            if url.startswith(("http://", "https://")):
                ok = link_ok(url)
                pack.add_review(url, ok)
                if not ok:
                    log.warning("review link not reachable: %s", url)

    args.output.write_text(json.dumps(pack.to_dict(), indent=1), encoding="utf-8")
    log.info("press pack written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
