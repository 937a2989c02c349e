#!/usr/bin/env python3
"""Build the Sunday lyric/liturgy slide deck as a single HTML page.

The worship leader drops the week's order of service into
order/<date>.txt, one item per line:

    song: Be Thou My Vision
    reading: Psalm 23
    song: In Christ Alone
    notice: Harvest supper tickets at the back

Song words live in songs/<slug>.txt with verses separated by blank lines.
The output goes to build/<date>.html; the booth laptop opens it full screen
in a browser and the volunteer clicks through. Rendered songs are cached
in build/.cache keyed by a hash of the words so editing one song doesn't
re-render everything.
"""

import argparse
import datetime as dt
import hashlib
import html
import logging
import re
import sys
from pathlib import Path

LOG = logging.getLogger("slides")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ margin:0; background:#000; color:#fff; font-family:sans-serif; }}
section {{ display:none; height:100vh; align-items:center; justify-content:center;
          text-align:center; font-size:5vh; line-height:1.4; padding:0 8vw; }}
section.on {{ display:flex; }}
h2 {{ font-size:3vh; color:#9cf; position:absolute; top:2vh; }}
</style></head><body>
{slides}
<script>
let i = 0, s = document.querySelectorAll('section');
function show(n) {{ s[i].classList.remove('on'); i = Math.max(0, Math.min(s.length-1, n)); s[i].classList.add('on'); }}
document.addEventListener('keydown', e => {{
  if (['ArrowRight',' ','PageDown'].includes(e.key)) show(i+1);
  if (['ArrowLeft','PageUp'].includes(e.key)) show(i-1);
}});
document.addEventListener('click', () => show(i+1));
show(0);
</script></body></html>
"""


def slugify(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def cache_key(text):
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def slide(heading, body_lines):
    body = "<br>".join(html.escape(line) for line in body_lines)
    head = "<h2>%s</h2>" % html.escape(heading) if heading else ""
    return "<section>%s<div>%s</div></section>" % (head, body)


def render_song(title, songs_dir, cache_dir):
    src = songs_dir / (slugify(title) + ".txt")
    if not src.exists():
        LOG.warning("no words for %r (expected %s)", title, src)
        return [slide(title, ["(words missing)"])]
    words = src.read_text(encoding="utf-8")
    cached = cache_dir / (cache_key(title + "\0" + words) + ".html")
    if cached.exists():
        return [cached.read_text(encoding="utf-8")]
    verses = [v.strip().splitlines() for v in re.split(r"\n\s*\n", words) if v.strip()]
    out = "\n".join(slide(title if n == 0 else "", v) for n, v in enumerate(verses))
    cached.write_text(out, encoding="utf-8")
    return [out]


def build(order_file, songs_dir, out_dir):
    cache_dir = out_dir / ".cache"
    cache_dir.mkdir(parents=True, exist_ok=True)
    slides = [slide("", ["Welcome"])]
    for n, raw in enumerate(order_file.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        kind, _, text = line.partition(":")
        kind, text = kind.strip().lower(), text.strip()
        if kind == "song":
            slides.extend(render_song(text, songs_dir, cache_dir))
        elif kind in ("reading", "prayer", "notice"):
            slides.append(slide(kind.title(), [text]))
        else:
            LOG.warning("%s:%d: unknown item type %r", order_file, n, kind)
    out = out_dir / (order_file.stem + ".html")
    out.write_text(PAGE.format(title=html.escape(order_file.stem),
                               slides="\n".join(slides)), encoding="utf-8")
    return out, len(slides)


def clean_cache(out_dir, keep_days):
    cutoff = dt.datetime.now().timestamp() - keep_days * 86400
    removed = 0
    for f in (out_dir / ".cache").glob("*.html"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("date", nargs="?", default=None, help="YYYY-MM-DD (default: next Sunday)")
    ap.add_argument("--order-dir", type=Path, default=Path("order"))
    ap.add_argument("--songs-dir", type=Path, default=Path("songs"))
    ap.add_argument("--out-dir", type=Path, default=Path("build"))
    ap.add_argument("--clean-cache", type=int, metavar="DAYS")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.date is None:
        today = dt.date.today()
        args.date = (today + dt.timedelta(days=(6 - today.weekday()) % 7)).isoformat()
    order_file = args.order_dir / (args.date + ".txt")
    if not order_file.exists():
        LOG.error("no order of service at %s", order_file)
        return 1
    out, count = build(order_file, args.songs_dir, args.out_dir)
    LOG.info("wrote %s (%d slides)", out, count)
    if args.clean_cache is not None:
        LOG.info("removed %d stale cache entries", clean_cache(args.out_dir, args.clean_cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
