#!/usr/bin/env python3
"""Tiny TCP service: send it text, get back line/word/char counts as JSON."""
import argparse
import json
import logging
import socketserver
from collections import Counter

log = logging.getLogger("wcsvc")
MAX_BYTES = 1 << 20


class CountHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = "%s:%d" % self.client_address
        data = self.rfile.read(MAX_BYTES)
        text = data.decode("utf-8", errors="replace")
        words = text.split()
        result = {
            "lines": text.count("\n"),
            "words": len(words),
            "chars": len(text),
            "top": Counter(w.lower() for w in words).most_common(5),
        }
        self.wfile.write(json.dumps(result).encode() + b"\n")
        log.info("%s sent %d bytes", peer, len(data))


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0",
                    help="address to bind (default: all interfaces)")
    ap.add_argument("--port", type=int, default=9099)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with Server((args.listen, args.port), CountHandler) as srv:
        log.info("word count service on %s:%d (try: nc host %d < file.txt)",
                 args.listen, args.port, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("bye")


if __name__ == "__main__":
    main()
