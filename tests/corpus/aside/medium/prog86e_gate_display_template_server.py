#!/usr/bin/env python3
"""Gate display preview server.

Lets the display team preview gate screen templates against a saved AODB
snapshot before they are pushed to the kiosks.  Templates live in
./templates, snapshots in ./snapshots/<gate>.json; open
http://localhost:8070/gate/B12 to see the rendered screen.
"""
import argparse
import configparser
import json
import logging
from datetime import datetime
from pathlib import Path
from wsgiref.simple_server import make_server

from jinja2 import Environment, FileSystemLoader, TemplateNotFound

log = logging.getLogger("gate_preview")

DEFAULTS = {
    "templates": "templates",
    "snapshots": "snapshots",
    "host": "127.0.0.1",
    "port": "8070",
    "autoescape": "no",
    "theme": "default",
}


def load_settings(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    return cp["preview"] if cp.has_section("preview") else cp["DEFAULT"]


def hhmm(value):
    try:
        return datetime.fromisoformat(value).strftime("%H:%M")
    except (TypeError, ValueError):
        return value or ""


class PreviewApp:
    def __init__(self, settings):
        self.snapshots = Path(settings["snapshots"])
        self.theme = settings["theme"]
        # remark/status lines from the AODB carry <b>/<span> markup that the
        # kiosks are expected to render as-is
        self.env = Environment(
            loader=FileSystemLoader(settings["templates"]),
            autoescape=settings.getboolean("autoescape"),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["hhmm"] = hhmm

    def snapshot(self, gate):
        path = self.snapshots / f"{gate.upper()}.json"
        with path.open() as fh:
            return json.load(fh)

    def render_gate(self, gate, query):
        data = self.snapshot(gate)
        template_name = query.get("template", f"{self.theme}/gate.html")
        tmpl = self.env.get_template(template_name)
        return tmpl.render(
            gate=gate.upper(),
            departures=data.get("departures", []),
            remarks=data.get("remarks", ""),
            generated=datetime.now().strftime("%H:%M:%S"),
        )

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        query = dict(
            part.split("=", 1) for part in environ.get("QUERY_STRING", "").split("&") if "=" in part
        )
        status, body = "200 OK", ""
        if path.startswith("/gate/"):
            gate = path.rsplit("/", 1)[-1]
            try:
                body = self.render_gate(gate, query)
            except FileNotFoundError:
                status, body = "404 Not Found", f"no snapshot for gate {gate}"
            except TemplateNotFound as exc:
                status, body = "404 Not Found", f"template {exc.name} not found"
        elif path == "/":
            gates = sorted(p.stem for p in self.snapshots.glob("*.json"))
            body = "<ul>" + "".join(f'<li><a href="/gate/{g}">{g}</a></li>' for g in gates) + "</ul>"
        else:
            status, body = "404 Not Found", "not found"
        log.info("%s %s -> %s", environ.get("REQUEST_METHOD"), path, status.split()[0])
        payload = body.encode("utf-8")
        start_response(status, [("Content-Type", "text/html; charset=utf-8"),
                                ("Content-Length", str(len(payload)))])
        return [payload]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="preview.ini")
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = load_settings(args.config)
    port = args.port or settings.getint("port")
    app = PreviewApp(settings)
    with make_server(settings["host"], port, app) as httpd:
        log.info("preview on http://%s:%d/", settings["host"], port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
