#!/usr/bin/env python3
"""Mix share server.

Serves the bounces folder over HTTP so the band can grab reference
mixes from their phones on the studio Wi-Fi during a playback session.
Stop it with Ctrl-C when the session ends.
"""
import argparse
import functools
import http.server
import logging
import os
import pathlib
import socket

log = logging.getLogger("mix_share")

BOUNCES = pathlib.Path(os.environ.get("BOUNCE_DIR", str(pathlib.Path.home() / "Music" / "Bounces")))
LISTEN = {
    "addr": os.environ.get("MIX_SHARE_ADDR", "0.0.0.0"),
    "port": int(os.environ.get("MIX_SHARE_PORT", "8080")),
}
AUDIO_TYPES = {
    ".wav": "audio/wav",
    ".mp3": "audio/mpeg",
    ".flac": "audio/flac",
    ".m4a": "audio/mp4",
}


class MixHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **AUDIO_TYPES}

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def lan_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def list_mixes(folder):
    mixes = [p for p in folder.rglob("*") if p.suffix.lower() in AUDIO_TYPES]
    mixes.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return mixes


def main():
    parser = argparse.ArgumentParser(description="Share reference mixes on the LAN")
    parser.add_argument("--dir", type=pathlib.Path, default=BOUNCES)
    parser.add_argument("--addr", default=LISTEN["addr"])
    parser.add_argument("--port", type=int, default=LISTEN["port"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dir.is_dir():
        log.error("bounce folder %s does not exist", args.dir)
        return 1

    mixes = list_mixes(args.dir)
    log.info("%d mixes available, newest: %s", len(mixes), mixes[0].name if mixes else "-")

    handler = functools.partial(MixHandler, directory=str(args.dir))
    server = http.server.ThreadingHTTPServer((args.addr, args.port), handler)
    log.info("share at http://%s:%d/", lan_address(), args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping share")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
