#!/usr/bin/env python3
"""Serve the recital livestream to the overflow room and parents' phones.

The camera encoder writes HLS segments into ./hls; this server publishes
them on the studio network so the overflow room TV and parents on the
studio Wi-Fi can watch the preview feed during rehearsals.
"""

import argparse
import functools
import logging
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("stream-preview")


class StreamHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".m3u8": "application/vnd.apple.mpegurl",
        ".ts": "video/mp2t",
    }

    def end_headers(self):
        if self.path.endswith(".m3u8"):
            self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def playlist_ready(folder):
    index = folder / "index.m3u8"
    if not index.exists():
        return False
    return any(line.strip().endswith(".ts")
               for line in index.read_text(errors="replace").splitlines())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=Path("hls"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.dir.is_dir():
        log.error("segment folder %s does not exist yet; start the encoder first", args.dir)
        return 2
    if not playlist_ready(args.dir):
        log.warning("no segments listed in %s/index.m3u8 yet", args.dir)

    handler = functools.partial(StreamHandler, directory=str(args.dir))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s on http://%s:%d/index.m3u8", args.dir, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
