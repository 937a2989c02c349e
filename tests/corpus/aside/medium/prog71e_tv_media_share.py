#!/usr/bin/env python3
"""tv_media_share - let the living-room TV play home videos over the LAN.

Builds an M3U playlist of every video under the media folder and serves the
folder over HTTP, so the TV's media player (or VLC on a phone) can open
http://<this-box>:8200/playlist.m3u.

    tv_media_share.py ~/Videos/family --port 8200
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import socketserver
import sys
import threading
import time
import urllib.parse
from pathlib import Path

VIDEO_EXT = {".mp4", ".mkv", ".m4v", ".mov", ".avi", ".webm"}
PLAYLIST = "playlist.m3u"
log = logging.getLogger("tv_share")


def lan_address():
    """Best guess at the address other devices use to reach us."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def build_playlist(root, base_url):
    videos = sorted(p for p in root.rglob("*")
                    if p.suffix.lower() in VIDEO_EXT and not p.name.startswith("."))
    lines = ["#EXTM3U"]
    for v in videos:
        rel = v.relative_to(root).as_posix()
        title = v.stem.replace("_", " ").replace(".", " ")
        lines.append(f"#EXTINF:-1,{title}")
        lines.append(f"{base_url}/{urllib.parse.quote(rel)}")
    (root / PLAYLIST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(videos)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mkv": "video/x-matroska", ".m3u": "audio/x-mpegurl",
                             ".webm": "video/webm"})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def refresher(root, base_url, every):
    while True:
        time.sleep(every)
        try:
            n = build_playlist(root, base_url)
            log.debug("playlist refreshed (%d videos)", n)
        except OSError as exc:
            log.warning("playlist refresh failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--port", type=int, default=int(os.environ.get("TV_SHARE_PORT", 8200)))
    ap.add_argument("--listen", default=os.environ.get("TV_SHARE_LISTEN", "0.0.0.0"))
    ap.add_argument("--refresh", type=int, default=600, help="seconds between playlist rebuilds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = args.folder.expanduser().resolve()
    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 1

    base_url = f"http://{lan_address()}:{args.port}"
    n = build_playlist(root, base_url)
    log.info("%d videos in %s", n, root)

    handler = functools.partial(QuietHandler, directory=str(root))
    try:
        httpd = Server((args.listen, args.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1

    threading.Thread(target=refresher, args=(root, base_url, args.refresh), daemon=True).start()
    log.info("open %s/%s on the TV", base_url, PLAYLIST)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
