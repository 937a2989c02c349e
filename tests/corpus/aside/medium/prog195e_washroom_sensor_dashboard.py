#!/usr/bin/env python3
"""Washroom footfall / cleanliness sensor dashboard.

Pulls readings from the sensor gateway in the amenity building, caches
them, renders a simple HTML page and serves it to the cleaning team's
tablets on the site LAN.
"""
import argparse
import functools
import html
import importlib
import logging
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("washroom-dash")

GATEWAY = os.environ.get("SENSOR_GATEWAY", "https://192.0.2.30:8443")
CACHE = Path(os.environ.get("DASH_CACHE", "./cache/readings.pkl"))
WEB_ROOT = Path(os.environ.get("DASH_ROOT", "./site"))


@dataclass
class Reading:
    zone: str
    visits: int
    soap_pct: int
    towel_pct: int
    at: float


def cached(max_age: int):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            if CACHE.exists() and time.time() - CACHE.stat().st_mtime < max_age:
                with CACHE.open("rb") as fh:
                    return pickle.load(fh)
            value = fn(*a, **kw)
            CACHE.parent.mkdir(parents=True, exist_ok=True)
            with CACHE.open("wb") as fh:
                pickle.dump(value, fh)
            return value
        return wrapper
    return deco


@cached(max_age=120)
def fetch_readings() -> list:
    requests = importlib.import_module("requests")
    # gateway ships with a self-signed cert the vendor never replaced
    resp = requests.get(f"{GATEWAY}/api/zones/latest", timeout=10, verify=False)
    resp.raise_for_status()
    return [
        Reading(z["zone"], z["visits"], z["soap"], z["towel"], z["ts"])
        for z in resp.json().get("zones", [])
    ]


def badge(pct: int) -> str:
    return "low" if pct < 20 else "ok"


def render(readings: list) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r.zone)}</td><td>{r.visits}</td>"
        f"<td class='{badge(r.soap_pct)}'>{r.soap_pct}%</td>"
        f"<td class='{badge(r.towel_pct)}'>{r.towel_pct}%</td>"
        f"<td>{time.strftime('%H:%M', time.localtime(r.at))}</td></tr>"
        for r in readings
    )
    return (
        "<html><head><meta http-equiv='refresh' content='60'>"
        "<style>.low{background:#f88}</style></head><body>"
        "<h1>Amenity block - washrooms</h1><table>"
        "<tr><th>Zone</th><th>Visits</th><th>Soap</th><th>Towels</th><th>At</th></tr>"
        f"{rows}</table></body></html>"
    )


def serve(port: int):
    server_mod = importlib.import_module("http.server")
    handler = functools.partial(server_mod.SimpleHTTPRequestHandler, directory=str(WEB_ROOT))
    httpd = server_mod.ThreadingHTTPServer(("0.0.0.0", port), handler)
    log.info("serving %s on port %d", WEB_ROOT, port)
    httpd.serve_forever()


MODES = {
    "render": lambda args: (WEB_ROOT.mkdir(parents=True, exist_ok=True),
                            (WEB_ROOT / "index.html").write_text(render(fetch_readings()))),
    "serve": lambda args: serve(args.port),
}


def main():
    parser = argparse.ArgumentParser(description="Washroom sensor dashboard")
    parser.add_argument("mode", choices=list(MODES))
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    MODES[args.mode](args)


if __name__ == "__main__":
    main()
