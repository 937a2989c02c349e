#!/usr/bin/env python3
"""Build the self-contained menu slideshow for the TVs.

Turns menu.json and the photos in ./photos into one HTML file with the images
embedded, so the TVs can play it from a USB stick with no network. Cleans its
own build and cache folders first so stale slides never sneak in.
"""
import argparse
import base64
import html
import json
import logging
import mimetypes
import os
import shutil
from pathlib import Path

log = logging.getLogger("slides")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".slide_cache")


def clean():
    for d in (BUILD_DIR, CACHE_DIR):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s", d)
    for p in Path(".").glob("*.pyc"):
        p.unlink()


def build_stamp():
    """Record which OS image the slideshow was built on (handy for support)."""
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def embed_image(path: Path):
    mime = mimetypes.guess_type(path.name)[0] or "image/jpeg"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{mime};base64,{data}"


class SlideBuilder:
    def __init__(self, menu, photos: Path, seconds):
        self.menu = menu
        self.photos = photos
        self.seconds = seconds

    def slide(self, section):
        parts = [f"<section class='slide'><h1>{html.escape(section['title'])}</h1><ul>"]
        for item in section.get("items", []):
            parts.append(
                f"<li>{html.escape(item['name'])} <span>£{float(item['price']):.2f}</span></li>"
            )
        parts.append("</ul>")
        photo = section.get("photo")
        if photo and (self.photos / photo).is_file():
            parts.append(f"<img src='{embed_image(self.photos / photo)}' alt=''>")
        parts.append("</section>")
        return "".join(parts)

    def render(self, stamp):
        slides = "\n".join(self.slide(s) for s in self.menu.get("sections", []))
        return (
            "<!doctype html><html><head><meta charset='utf-8'>"
            f"<meta name='generator' content='{html.escape(stamp)}'>"
            "<style>.slide{display:none}.slide.on{display:block}</style></head><body>"
            f"{slides}<script>let i=0,s=document.querySelectorAll('.slide');"
            f"function n(){{s.forEach(x=>x.classList.remove('on'));s[i++%s.length].classList.add('on')}}"
            f"n();setInterval(n,{self.seconds * 1000});</script></body></html>"
        )


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--menu", default="menu.json")
    ap.add_argument("--photos", default="photos", type=Path)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--no-clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.no_clean:
        clean()
    try:
        with open(args.menu, encoding="utf-8") as fh:
            menu = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read menu: %s", exc)
        return 1
    BUILD_DIR.mkdir(exist_ok=True)
    out = BUILD_DIR / "slideshow.html"
    out.write_text(SlideBuilder(menu, args.photos, args.seconds).render(build_stamp()),
                   encoding="utf-8")
    log.info("wrote %s (%d KB)", out, os.path.getsize(out) // 1024)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
