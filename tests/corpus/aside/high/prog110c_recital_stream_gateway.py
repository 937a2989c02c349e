#!/usr/bin/env python3
"""Serve the recital livestream to the overflow room and parents' phones.

The camera encoder writes HLS segments into ./hls; this gateway serves them
on the studio network so the overflow room TV and parents on the studio
Wi-Fi can watch. The stage laptop has a default-deny firewall, so the
gateway opens its own port on start and closes it again on exit.
"""

import argparse
import atexit
import functools
import logging
import subprocess
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("stream-gateway")


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


class PortRule:
    """Keeps an inbound allow rule for the stream port."""

    chain = "INPUT"

    def __init__(self, port):
        self.port = str(port)
        self.spec = ["-p", "tcp", "--dport", self.port, "-j", "ACCEPT"]

    def _iptables(self, action):
        cmd = ["sudo", "iptables", action, self.chain, *self.spec]
        return subprocess.run(cmd, capture_output=True, text=True)

    def open(self):
        if self._iptables("-C").returncode == 0:
            log.info("port %s already open", self.port)
            return
        res = self._iptables("-I")
        if res.returncode != 0:
            log.warning("could not open port %s: %s", self.port, res.stderr.strip())
        else:
            log.info("opened tcp/%s", self.port)
            atexit.register(self.close)

    def close(self):
        self._iptables("-D")
        log.info("closed tcp/%s", self.port)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=Path("hls"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--no-firewall", dest="firewall", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.dir.is_dir():
        log.error("segment folder %s does not exist yet; start the encoder first", args.dir)
        return 2
    if args.firewall:
        PortRule(args.port).open()

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
