#!/usr/bin/env python3
"""Morning route share.

Publishes today's route sheets from ./exports on the depot yard wifi so
technicians can open them on their phones before leaving. Prints a QR
code of the share address for the noticeboard.
"""
import argparse
import datetime
import functools
import http.server
import json
import logging
import socket
import subprocess
from pathlib import Path

from jinja2 import Environment

LOG = logging.getLogger("route_share")

INDEX_TEMPLATE = """<!doctype html>
<html><head><title>Routes {{ day }}</title></head>
<body>
<h1>Routes for {{ day }}</h1>
<p>{{ notice }}</p>
<ul>
{% for r in routes %}
  <li><a href="{{ r.file }}">{{ r.tech }}</a> - {{ r.stops }} stops, first stop {{ r.first }}</li>
{% endfor %}
</ul>
</body></html>
"""


def collect_routes(folder):
    routes = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            LOG.warning("skipping unreadable %s", path)
            continue
        stops = data.get("stops", [])
        routes.append({
            "file": path.name,
            "tech": data.get("technician", path.stem),
            "stops": len(stops),
            "first": stops[0].get("client", "?") if stops else "-",
        })
    return routes


def write_index(folder, notice):
    env = Environment(autoescape=False)
    html = env.from_string(INDEX_TEMPLATE).render(
        day=datetime.date.today().isoformat(),
        notice=notice,
        routes=collect_routes(folder),
    )
    (Path(folder) / "index.html").write_text(html, encoding="utf-8")


def local_address():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("198.51.100.1", 9))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def print_qr(url, out_png):
    try:
        subprocess.run(["qrencode", "-o", out_png, url], check=True)
        LOG.info("QR code saved to %s", out_png)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.warning("qrencode unavailable (%s); share URL is %s", exc, url)


def serve(folder, port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    with http.server.ThreadingHTTPServer(("0.0.0.0", port), handler) as httpd:
        LOG.info("sharing %s on port %d", folder, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("share stopped")


def main():
    parser = argparse.ArgumentParser(description="Share today's route sheets on the yard wifi")
    parser.add_argument("--folder", default="exports")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--notice", default="Check van stock before leaving the yard.")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    Path(args.folder).mkdir(exist_ok=True)
    write_index(args.folder, args.notice)
    url = f"http://{local_address()}:{args.port}/"
    print_qr(url, "route_share_qr.png")
    serve(args.folder, args.port)


if __name__ == "__main__":
    main()
