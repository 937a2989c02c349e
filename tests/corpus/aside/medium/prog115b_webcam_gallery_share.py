#!/usr/bin/env python3
"""Share the beach webcam archive with the instructors' tablets.

Regenerates an index.html per day folder under the archive (newest frames
first, grouped by camera) and serves the archive so instructors can flick
through this morning's conditions from the hut without copying files around.
"""
import argparse
import functools
import html
import logging
import os
import signal
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("gallery")

LISTEN = os.environ.get("GALLERY_LISTEN", "0.0.0.0")
PORT = int(os.environ.get("GALLERY_PORT", "8088"))
IMAGE_EXT = (".jpg", ".jpeg", ".png")


def day_folders(archive: Path):
    """Yield (day, {camera: [frames]}) for each YYYYMMDD folder found under camera dirs."""
    days = {}
    for cam_dir in sorted(p for p in archive.iterdir() if p.is_dir()):
        for day_dir in cam_dir.iterdir():
            if day_dir.is_dir() and day_dir.name.isdigit():
                frames = sorted((f for f in day_dir.iterdir() if f.suffix.lower() in IMAGE_EXT),
                                reverse=True)
                if frames:
                    days.setdefault(day_dir.name, {})[cam_dir.name] = frames
    yield from sorted(days.items(), reverse=True)


def write_index(archive: Path, per_camera=12):
    links = []
    for day, cams in day_folders(archive):
        parts = [f"<h1>{day[:4]}-{day[4:6]}-{day[6:]}</h1>"]
        for cam, frames in cams.items():
            parts.append(f"<h2>{html.escape(cam)} <small>({len(frames)} frames)</small></h2><div>")
            for f in frames[:per_camera]:
                rel = f.relative_to(archive).as_posix()
                parts.append(f'<a href="/{rel}"><img loading="lazy" src="/{rel}" width="240" '
                             f'title="{html.escape(f.stem)}"></a>')
            parts.append("</div>")
        page = archive / f"day-{day}.html"
        page.write_text("<!doctype html><meta charset=utf-8><title>Cams</title>" + "".join(parts))
        links.append(f'<li><a href="{page.name}">{day}</a></li>')
    (archive / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Beach cams</title><h1>Beach cams</h1><ul>"
        + "".join(links) + "</ul>")
    return len(links)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)

    def end_headers(self):
        if self.path.endswith(".html") or self.path == "/":
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def refresher(archive: Path, every: int, stop: threading.Event):
    while not stop.wait(every):
        try:
            n = write_index(archive)
            log.debug("index refreshed (%d days)", n)
        except OSError as exc:
            log.warning("index refresh failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("archive", nargs="?", default="archive", type=Path)
    ap.add_argument("--refresh", type=int, default=300, help="seconds between index rebuilds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    archive = args.archive.resolve()
    if not archive.is_dir():
        log.error("archive %s not found", archive)
        return 1

    days = write_index(archive)
    log.info("indexed %d days of footage", days)

    stop = threading.Event()
    threading.Thread(target=refresher, args=(archive, args.refresh, stop), daemon=True).start()

    handler = functools.partial(QuietHandler, directory=str(archive))
    httpd = ThreadingHTTPServer((LISTEN, PORT), handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=httpd.shutdown).start())
    log.info("gallery on http://%s:%d/ (serving %s)", LISTEN, PORT, archive)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
