#!/usr/bin/env python3
"""Preview screen for the landing-site celebration.

After landing, passengers gather round the crew tablet for the champagne
toast while the photos from the basket camera are shown. This serves the
flight's staging folder (./staging/<date>/<flight>/) so any phone or tablet
on the retrieve vehicle's Wi-Fi can browse and save the pictures, and writes
a simple index page with thumbnails first.
"""
import argparse
import functools
import html
import logging
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("preview")

IMAGE_EXT = (".jpg", ".jpeg", ".png")


class Settings:
    listen = os.environ.get("PREVIEW_LISTEN", "")
    port = int(os.environ.get("PREVIEW_PORT", "8090"))
    title = os.environ.get("PREVIEW_TITLE", "Your flight today")


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def build_index(folder, title):
    photos = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    items = "\n".join(
        f'<a href="{html.escape(n)}" download><img src="{html.escape(n)}" loading="lazy"></a>'
        for n in photos
    )
    page = f"""<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
img{{width:31%;margin:1%;border-radius:6px}}</style></head>
<body><h1>{html.escape(title)}</h1><p>{len(photos)} photos - tap to save</p>
{items}
</body></html>
"""
    (folder / "index.html").write_text(page, encoding="utf-8")
    return len(photos)


def pick_folder(root, flight):
    root = Path(root)
    if flight:
        cand = list(root.glob(f"*/{flight}"))
        if not cand:
            raise FileNotFoundError(f"no staging folder for flight {flight}")
        return cand[-1]
    days = sorted(p for p in root.iterdir() if p.is_dir())
    if not days:
        raise FileNotFoundError(f"{root} is empty")
    flights = sorted((p for p in days[-1].iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    if not flights:
        raise FileNotFoundError(f"no flights in {days[-1]}")
    return flights[-1]


def serve(folder, settings, stop_after=None):
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = ThreadingHTTPServer((settings.listen, settings.port), handler)
    host = settings.listen or "all interfaces"
    log.info("serving %s on %s:%d", folder, host, settings.port)
    if stop_after:
        threading.Timer(stop_after, httpd.shutdown).start()
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="staging")
    ap.add_argument("--flight")
    ap.add_argument("--minutes", type=float, default=45,
                    help="stop serving after this long (0 = run until Ctrl-C)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    try:
        folder = pick_folder(args.root, args.flight)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    n = build_index(folder, Settings.title)
    log.info("index built with %d photos", n)
    try:
        serve(folder, Settings, stop_after=args.minutes * 60 if args.minutes else None)
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        log.error("could not start server: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
