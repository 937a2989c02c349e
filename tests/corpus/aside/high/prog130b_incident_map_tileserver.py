#!/usr/bin/env python3
"""Incident map renderer backed by a local tile server.

Brings up a tileserver-gl container over the team's offline MBTiles (so maps
work in the control vehicle with no signal), then renders a PNG overview of
the incident: search area polygons and team positions from a GeoJSON file.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("incident-map")

IMAGE = "maptiler/tileserver-gl:v4.11.0"
CONTAINER = "mrt-tileserver"
HOST_PORT = 8087


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection speaking over a unix domain socket."""

    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path="/var/run/docker.sock"):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, "/v1.43" + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data.strip().startswith((b"{", b"[")) else None

    def ensure_image(self, image):
        name, tag = image.rsplit(":", 1)
        q = urllib.parse.urlencode({"fromImage": name, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def running(self, name):
        try:
            info = self.call("GET", f"/containers/{name}/json")
            return info["State"]["Running"]
        except RuntimeError:
            return None

    def start_tileserver(self, name, mbtiles_dir, port):
        state = self.running(name)
        if state:
            return
        if state is None:
            spec = {
                "Image": IMAGE,
                "Cmd": ["--port", "8080"],
                "ExposedPorts": {"8080/tcp": {}},
                "HostConfig": {
                    "Binds": [f"{mbtiles_dir}:/data:ro"],
                    "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                },
            }
            self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{name}/start")


def wait_ready(port, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(2)
    return False


def render(port, style, geojson, out, size="1600x1200"):
    features = json.loads(Path(geojson).read_text())["features"]
    coords = [c for f in features for c in _flatten(f["geometry"]["coordinates"])]
    lons, lats = [c[0] for c in coords], [c[1] for c in coords]
    bbox = f"{min(lons)},{min(lats)},{max(lons)},{max(lats)}"
    path = "|".join(f"{c[0]},{c[1]}" for c in coords[:200])
    url = (f"http://127.0.0.1:{port}/styles/{style}/static/{bbox}/{size}.png?"
           + urllib.parse.urlencode({"path": f"stroke:red|width:3|{path}", "padding": "0.1"}))
    with urllib.request.urlopen(url, timeout=60) as r:
        Path(out).write_bytes(r.read())


def _flatten(c):
    if c and isinstance(c[0], (int, float)):
        yield c
    else:
        for sub in c:
            yield from _flatten(sub)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("geojson", help="search areas / team tracks")
    ap.add_argument("--mbtiles", default="./mbtiles")
    ap.add_argument("--style", default="basic-preview")
    ap.add_argument("--out", default="incident_overview.png")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        engine.ensure_image(IMAGE)
        engine.start_tileserver(CONTAINER, str(Path(args.mbtiles).resolve()), HOST_PORT)
    except (OSError, RuntimeError) as exc:
        log.error("could not start tile server: %s", exc)
        return 1
    if not wait_ready(HOST_PORT):
        log.error("tile server did not become ready")
        return 1
    render(HOST_PORT, args.style, args.geojson, args.out)
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
