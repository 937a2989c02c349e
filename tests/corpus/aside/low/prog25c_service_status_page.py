#!/usr/bin/env python3
"""Small status page for the team's services.

Reads per-service JSON status snapshots from ./status and renders an HTML
overview, served on the loopback interface through waitress.
"""
import argparse
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, request
from jinja2 import Environment, DictLoader, select_autoescape
from waitress import serve

log = logging.getLogger("status_page")

TEMPLATES = {
    "board.html": """<!doctype html>
<html><head><title>{{ title }}</title></head>
<body>
<h1>{{ title }}</h1>
{% if query %}<p>Filtered by: {{ query }}</p>{% endif %}
<table>
<tr><th>Service</th><th>State</th><th>Note</th></tr>
{% for s in services %}
<tr class="{{ s.state }}"><td>{{ s.name }}</td><td>{{ s.state }}</td><td>{{ s.note }}</td></tr>
{% endfor %}
</table>
</body></html>
""",
}


@dataclass
class PageConfig:
    status_dir: Path = Path("status")
    title: str = "Service status"
    listen_host: str = "127.0.0.1"
    port: int = 8080
    extra: dict = field(default_factory=dict)


def load_config(path: Path) -> PageConfig:
    cfg = PageConfig()
    if path.exists():
        raw = json.loads(path.read_text(encoding="utf-8"))
        cfg.status_dir = Path(raw.get("status_dir", cfg.status_dir))
        cfg.title = raw.get("title", cfg.title)
        cfg.port = int(raw.get("port", cfg.port))
    return cfg


def read_snapshots(status_dir: Path):
    services = []
    for path in sorted(status_dir.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("bad snapshot %s: %s", path.name, exc)
            continue
        services.append({
            "name": data.get("name", path.stem),
            "state": data.get("state", "unknown"),
            "note": data.get("note", ""),
        })
    return services


def create_app(cfg: PageConfig) -> Flask:
    app = Flask(__name__)
    env = Environment(loader=DictLoader(TEMPLATES),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    template = env.get_template("board.html")

    @app.route("/")
    def board():
        query = request.args.get("q", "")
        services = read_snapshots(cfg.status_dir)
        if query:
            services = [s for s in services if query.lower() in s["name"].lower()]
        return template.render(title=cfg.title, query=query, services=services)

    @app.route("/healthz")
    def healthz():
        return {"ok": True, "services": len(read_snapshots(cfg.status_dir))}

    return app


def main():
    ap = argparse.ArgumentParser(description="service status page")
    ap.add_argument("--config", default="status_board.json", type=Path)
    ap.add_argument("--port", type=int, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    if args.port:
        cfg.port = args.port
    if not cfg.status_dir.is_dir():
        log.warning("status directory %s missing; page will be empty", cfg.status_dir)
    app = create_app(cfg)
    log.info("serving on %s:%d", cfg.listen_host, cfg.port)
    serve(app, host=cfg.listen_host, port=cfg.port)


if __name__ == "__main__":
    main()
