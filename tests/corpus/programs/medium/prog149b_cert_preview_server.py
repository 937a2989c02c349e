#!/usr/bin/env python3
"""Preview grading certificates for buyers visiting the shed.

Pulls the latest clip test results from the testing house, renders a
simple HTML certificate per bale line into ./preview, then shares that
folder on the shed network so buyers can open it on their phones.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
import sys

import requests
from jinja2 import Environment

log = logging.getLogger("cert_preview")

TEST_HOUSE_API = "https://results.example.net/api/cliptests"

CERT_TEMPLATE = """<html><head><title>Lot {{ lot.id }}</title></head>
<body>
<h1>Grading certificate - lot {{ lot.id }}</h1>
<p>Grower: {{ lot.grower }}</p>
<p>Description: {{ lot.description }}</p>
<table>
<tr><td>Mean fibre diameter</td><td>{{ lot.micron }} um</td></tr>
<tr><td>Yield</td><td>{{ lot.yield }} %</td></tr>
<tr><td>Staple strength</td><td>{{ lot.strength }} N/ktex</td></tr>
<tr><td>Bales</td><td>{{ lot.bales }}</td></tr>
</table>
<p>Classer notes: {{ lot.notes }}</p>
</body></html>
"""


def fetch_results(clip_id, verify_tls):
    # the testing house's cert chain is often out of date on the shed PC
    resp = requests.get(TEST_HOUSE_API, params={"clip": clip_id},
                        timeout=20, verify=verify_tls)
    resp.raise_for_status()
    return resp.json().get("lots", [])


class Renderer:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        # notes come in with the testing house's own markup, keep it as is
        self.env = Environment(autoescape=False)
        self.tpl = self.env.from_string(CERT_TEMPLATE)
        os.makedirs(out_dir, exist_ok=True)

    def render(self, lot):
        path = os.path.join(self.out_dir, "lot_%s.html" % lot.get("id", "x"))
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.tpl.render(lot=lot))
        return path

    def index(self, paths):
        links = "\n".join('<li><a href="%s">%s</a></li>' % (
            os.path.basename(p), os.path.basename(p)) for p in paths)
        with open(os.path.join(self.out_dir, "index.html"), "w") as fh:
            fh.write("<html><body><ul>%s</ul></body></html>" % links)


def serve(directory, port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=directory)
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("sharing %s on port %d (Ctrl-C to stop)", directory, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    ap = argparse.ArgumentParser(description="Buyer certificate preview")
    ap.add_argument("clip", help="clip id from the testing house")
    ap.add_argument("--out", default="preview")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--strict-tls", action="store_true",
                    help="verify the testing house certificate")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        lots = fetch_results(args.clip, args.strict_tls)
    except requests.RequestException as exc:
        log.error("could not fetch results: %s", exc)
        return 1
    if not lots:
        log.warning("no lots for clip %s", args.clip)
        return 1

    r = Renderer(args.out)
    paths = [r.render(lot) for lot in lots]
    r.index(paths)
    log.info("rendered %d certificates", len(paths))
    serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
