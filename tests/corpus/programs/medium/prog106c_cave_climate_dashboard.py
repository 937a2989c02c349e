#!/usr/bin/env python3
"""Cheese cave climate dashboard.

Polls the CaveSense gateway for temperature and relative humidity in each
ripening cave, stores readings in SQLite and serves a small dashboard the
cheesemaker can open from the phone in the make room.
"""
import argparse
import json
import logging
import sqlite3
import threading
import time
from pathlib import Path

import requests
from flask import Flask, jsonify, render_template_string

log = logging.getLogger("cavemon")

DEFAULT_CONFIG = {
    "gateway": "http://cave-gw.local/api/readings",
    "poll_seconds": 60,
    "db": "cave_readings.db",
    "caves": {
        "brie_room": {"temp": [11.0, 13.0], "rh": [90, 95]},
        "tomme_cellar": {"temp": [10.0, 12.0], "rh": [85, 92]},
        "blue_cave": {"temp": [8.0, 10.0], "rh": [92, 98]},
    },
    "port": 8080,
}

PAGE = """<!doctype html><title>Caves</title>
<meta http-equiv="refresh" content="60">
<h1>Cave climate</h1><table border=1 cellpadding=6>
<tr><th>Cave</th><th>Temp &deg;C</th><th>RH %</th><th>Time</th><th>Status</th></tr>
{% for r in rows %}<tr><td>{{r.cave}}</td><td>{{r.temp}}</td><td>{{r.rh}}</td>
<td>{{r.ts}}</td><td>{{r.status}}</td></tr>{% endfor %}</table>"""


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


class Store:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.lock = threading.Lock()
        self.conn.execute("""CREATE TABLE IF NOT EXISTS readings(
            ts INTEGER, cave TEXT, temp REAL, rh REAL)""")

    def add(self, cave, temp, rh):
        with self.lock:
            self.conn.execute("INSERT INTO readings VALUES (?,?,?,?)",
                              (int(time.time()), cave, temp, rh))
            self.conn.commit()

    def latest(self):
        with self.lock:
            cur = self.conn.execute("""SELECT cave, temp, rh, max(ts) FROM readings
                                       GROUP BY cave ORDER BY cave""")
            return cur.fetchall()


def status_for(limits, temp, rh):
    lo_t, hi_t = limits["temp"]
    lo_h, hi_h = limits["rh"]
    problems = []
    if not lo_t <= temp <= hi_t:
        problems.append("temp")
    if not lo_h <= rh <= hi_h:
        problems.append("humidity")
    return "OK" if not problems else "CHECK " + "/".join(problems)


class Poller(threading.Thread):
    def __init__(self, cfg, store):
        super().__init__(name="poller", daemon=True)
        self.cfg, self.store = cfg, store

    def run(self):
        while True:
            try:
                resp = requests.get(self.cfg["gateway"], timeout=10)
                resp.raise_for_status()
                for item in resp.json():
                    if item["cave"] in self.cfg["caves"]:
                        self.store.add(item["cave"], float(item["temp"]), float(item["rh"]))
            except (requests.RequestException, ValueError, KeyError) as exc:
                log.warning("gateway poll failed: %s", exc)
            time.sleep(self.cfg["poll_seconds"])


def make_app(cfg, store):
    app = Flask(__name__)

    def rows():
        out = []
        for cave, temp, rh, ts in store.latest():
            limits = cfg["caves"].get(cave)
            out.append({"cave": cave, "temp": temp, "rh": rh,
                        "ts": time.strftime("%H:%M", time.localtime(ts)),
                        "status": status_for(limits, temp, rh) if limits else "?"})
        return out

    @app.route("/")
    def index():
        return render_template_string(PAGE, rows=rows())

    @app.route("/api/latest")
    def api_latest():
        return jsonify(rows())

    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="cavemon.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    store = Store(cfg["db"])
    Poller(cfg, store).start()
    app = make_app(cfg, store)
    # reachable from phones on the farm wifi; reloads templates while we tweak them
    app.run(host="0.0.0.0", port=cfg["port"], debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
