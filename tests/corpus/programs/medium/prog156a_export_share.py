#!/usr/bin/env python3
"""Share today's spectrometer exports with the students' laptops.

During a practical the students need their spectra on their own laptops.
The instrument PC has no USB ports enabled, so this serves the export folder
over HTTP on the lab network for the length of the session and hands out a
short access code written on the whiteboard.
"""
import argparse
import functools
import hashlib
import http.server
import logging
import os
import random
import string
import threading
import time
import urllib.parse

log = logging.getLogger("export-share")

DEFAULT_DIR = os.path.expanduser("~/SpectraExports")


def make_code(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def code_digest(code):
    return hashlib.sha1(code.encode()).hexdigest()


class CodeCheckedHandler(http.server.SimpleHTTPRequestHandler):
    expected_digest = None

    def _authorised(self):
        query = urllib.parse.urlparse(self.path).query
        code = urllib.parse.parse_qs(query).get("code", [""])[0]
        cookie = self.headers.get("Cookie", "")
        if "labcode=" in cookie:
            code = code or cookie.split("labcode=", 1)[1].split(";")[0]
        return code_digest(code.upper()) == self.expected_digest

    def do_GET(self):
        if not self._authorised():
            self.send_response(403)
            self.end_headers()
            self.wfile.write(b"Enter the code from the whiteboard: ?code=XXXXXX\n")
            return
        self.path = urllib.parse.urlparse(self.path).path
        super().do_GET()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def stop_after(server, minutes):
    def _timer():
        time.sleep(minutes * 60)
        log.info("session time over, stopping share")
        server.shutdown()
    t = threading.Thread(target=_timer, daemon=True)
    t.start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=DEFAULT_DIR)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--minutes", type=int, default=180)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.dir):
        log.error("export folder %s not found", args.dir)
        return 1

    code = make_code()
    CodeCheckedHandler.expected_digest = code_digest(code)
    handler = functools.partial(CodeCheckedHandler, directory=args.dir)
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    print(f"Sharing {args.dir} on port {args.port}")
    print(f"Access code for the whiteboard: {code}")
    stop_after(server, args.minutes)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
