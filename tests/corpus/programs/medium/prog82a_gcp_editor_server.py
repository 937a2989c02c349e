#!/usr/bin/env python3
"""Small web editor for ground control points.

Field crews open it from a tablet on the site network, tick which GCPs were
actually surveyed, correct IDs and export an ODM-style gcp_list.txt.
"""
import argparse
import csv
import io
import json
import logging
import os
from pathlib import Path

from flask import Flask, Response, abort, jsonify, request

log = logging.getLogger("gcp-editor")


class GcpStore:
    """GCPs are kept in a JSON file next to the project."""

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
            if not p.get("used"):
                continue
            for img in p.get("images", []):
                lines.append(f"{p['x']} {p['y']} {p['z']} {img['px']} {img['py']} {img['name']} {p['id']}")
        return "\n".join(lines) + "\n"


def create_app(store: GcpStore) -> Flask:
    app = Flask(__name__)

    @app.get("/api/gcps")
    def list_gcps():
        return jsonify(epsg=store.epsg, points=list(store.points.values()))

    @app.post("/api/gcps/import")
    def import_gcps():
        n = store.import_csv(request.get_data(as_text=True))
        return jsonify(imported=n)

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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", type=Path, help="project directory")
    ap.add_argument("--epsg", type=int, default=int(os.environ.get("GCP_EPSG", 4326)))
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    args.project.mkdir(parents=True, exist_ok=True)
    store = GcpStore(args.project / "gcps.json", args.epsg)
    log.info("loaded %d GCPs from %s", len(store.points), store.path)

    app = create_app(store)
    # tablets on the site wifi need to reach it; reloader helps while editing templates
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
