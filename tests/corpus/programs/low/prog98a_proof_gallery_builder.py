#!/usr/bin/env python3
"""Build a static proof gallery for one portrait session.

Takes the selects folder from a shoot, makes watermarked web-size proofs and
thumbnails, and writes an index.html that parents can browse to pick poses.
Output goes to ./public/<session> so it can be previewed or synced by hand.
"""

import argparse
import configparser
import html
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

log = logging.getLogger("gallery")

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
body{{font-family:sans-serif;background:#1b1b1b;color:#eee;margin:2em}}
.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}}
figure{{margin:0}} figcaption{{font-size:.85em;text-align:center}}
img{{width:100%;border-radius:4px}}
</style></head><body>
<h1>{title}</h1><p>{note}</p>
<div class="grid">
{cards}
</div></body></html>
"""

CARD = ('<figure><a href="proofs/{name}"><img src="thumbs/{name}" loading="lazy" '
        'alt="{label}"></a><figcaption>{label}</figcaption></figure>')


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["gallery"] = {
        "proof_edge": "1600",
        "thumb_edge": "360",
        "watermark": "PROOF",
        "quality": "82",
        "workers": "4",
    }
    if path and Path(path).exists():
        cp.read(path)
    return cp["gallery"]


def stamp(img, text):
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    size = max(24, img.width // 10)
    try:
        font = ImageFont.truetype("DejaVuSans-Bold.ttf", size)
    except OSError:
        font = ImageFont.load_default()
    w, h = draw.textbbox((0, 0), text, font=font)[2:]
    pos = ((img.width - w) // 2, (img.height - h) // 2)
    draw.text(pos, text, font=font, fill=(255, 255, 255, 90))
    return Image.alpha_composite(img.convert("RGBA"), overlay).convert("RGB")


def render_one(src, out_dir, cfg):
    name = src.stem + ".jpg"
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        proof = im.copy()
        proof.thumbnail((cfg.getint("proof_edge"),) * 2, Image.LANCZOS)
        proof = stamp(proof, cfg.get("watermark"))
        proof.save(out_dir / "proofs" / name, "JPEG", quality=cfg.getint("quality"))
        thumb = im.copy()
        thumb.thumbnail((cfg.getint("thumb_edge"),) * 2, Image.LANCZOS)
        thumb.convert("RGB").save(out_dir / "thumbs" / name, "JPEG", quality=75)
    return name


def build(session_dir, out_root, title, cfg):
    out_dir = out_root / session_dir.name
    (out_dir / "proofs").mkdir(parents=True, exist_ok=True)
    (out_dir / "thumbs").mkdir(parents=True, exist_ok=True)
    sources = sorted(p for p in session_dir.iterdir()
                     if p.suffix.lower() in (".jpg", ".jpeg", ".tif", ".tiff", ".png"))
    if not sources:
        raise SystemExit(f"no images in {session_dir}")
    names = []
    with ThreadPoolExecutor(max_workers=cfg.getint("workers")) as pool:
        futures = {pool.submit(render_one, s, out_dir, cfg): s for s in sources}
        for fut, src in futures.items():
            try:
                names.append(fut.result())
            except OSError as exc:
                log.warning("skipping %s: %s", src.name, exc)
    names.sort()
    cards = "\n".join(CARD.format(name=html.escape(n, quote=True),
                                  label=html.escape(Path(n).stem)) for n in names)
    page = PAGE.format(title=html.escape(title),
                       note=html.escape(f"{len(names)} proofs - note the frame numbers you like"),
                       cards=cards)
    (out_dir / "index.html").write_text(page, encoding="utf-8")
    log.info("wrote %d proofs to %s", len(names), out_dir)
    return out_dir


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("session", type=Path, help="folder of selects")
    ap.add_argument("--title", help="gallery heading (default: session name)")
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--config", default="gallery.ini")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.session.is_dir():
        log.error("%s is not a folder", args.session)
        return 2
    cfg = load_settings(args.config)
    build(args.session, args.out, args.title or args.session.name.replace("_", " "), cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
