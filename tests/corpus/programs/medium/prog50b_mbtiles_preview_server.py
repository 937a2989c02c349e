#!/usr/bin/env python3
"""Tiny preview server for an MBTiles file (raster or vector tiles).

Serves /tiles/<z>/<x>/<y> plus a Leaflet page so cartographers on the team
can check a freshly rendered tileset from their laptops.
"""
import argparse
import gzip
import logging
import sqlite3
from pathlib import Path

from flask import Flask, Response, abort, g, jsonify

app = Flask(__name__)
app.config.update(MBTILES=Path("build/tiles.mbtiles"))
log = logging.getLogger("mbtiles-preview")

PAGE = """<!doctype html><html><head><meta charset=utf-8>
<link rel=stylesheet href="https://unpkg.com/leaflet@1.9.4/dist/leaflet.css">
<script src="https://unpkg.com/leaflet@1.9.4/dist/leaflet.js"></script>
<style>html,body,#m{height:100%;margin:0}</style></head>
<body><div id=m></div><script>
var m=L.map('m').setView([{lat},{lon}],{zoom});
L.tileLayer('/tiles/{{z}}/{{x}}/{{y}}',{{maxZoom:{maxz}}}).addTo(m);
</script></body></html>"""


def db():
    if "db" not in g:
        uri = f"file:{app.config['MBTILES']}?mode=ro"
        g.db = sqlite3.connect(uri, uri=True, check_same_thread=False)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def metadata():
    rows = db().execute("SELECT name, value FROM metadata").fetchall()
    return {k: v for k, v in rows}


@app.route("/")
def index():
    meta = metadata()
    lon, lat, zoom = (meta.get("center") or "0,0,2").split(",")[:3]
    return PAGE.format(lat=lat, lon=lon, zoom=zoom, maxz=meta.get("maxzoom", 18))


@app.route("/metadata.json")
def meta_json():
    return jsonify(metadata())


@app.route("/tiles/<int:z>/<int:x>/<int:y>")
def tile(z, x, y):
    tms_y = (1 << z) - 1 - y
    row = db().execute(
        "SELECT tile_data FROM tiles WHERE zoom_level=? AND tile_column=? AND tile_row=?",
        (z, x, tms_y),
    ).fetchone()
    if row is None:
        abort(404)
    data = row[0]
    fmt = metadata().get("format", "png")
    headers = {"Cache-Control": "no-store"}
    if fmt == "pbf":
        if data[:2] == b"\x1f\x8b":
            headers["Content-Encoding"] = "gzip"
        else:
            data = gzip.compress(data)
            headers["Content-Encoding"] = "gzip"
        mimetype = "application/x-protobuf"
    else:
        mimetype = f"image/{'jpeg' if fmt == 'jpg' else fmt}"
    return Response(data, mimetype=mimetype, headers=headers)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mbtiles", nargs="?", type=Path, default=app.config["MBTILES"])
    ap.add_argument("--port", type=int, default=8087)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not args.mbtiles.is_file():
        raise SystemExit(f"no such tileset: {args.mbtiles}")
    app.config["MBTILES"] = args.mbtiles.resolve()
    log.info("serving %s on port %d for the LAN", args.mbtiles, args.port)
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=True)


if __name__ == "__main__":
    main()
