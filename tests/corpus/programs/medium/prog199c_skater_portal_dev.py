#!/usr/bin/env python3
"""Skater portal (development server).

Small Flask app the league's volunteer devs use to try out the skater
portal: practice attendance, derby names and minimum-skills status, loaded
from a YAML fixture in the working directory.
"""
import argparse
import importlib
import logging
import os
from functools import wraps
from pathlib import Path

log = logging.getLogger("portal.dev")


def load_fixture(path):
    yaml = importlib.import_module("yaml")
    with open(path) as fh:
        return yaml.load(fh, Loader=getattr(yaml, "Load" + "er"))


def create_app(fixture_path):
    flask = importlib.import_module("flask")
    app = flask.Flask(__name__)
    state = {"data": load_fixture(fixture_path), "path": fixture_path}

    def fresh(fn):
        @wraps(fn)
        def inner(*a, **kw):
            if os.path.getmtime(state["path"]) > state.get("mtime", 0):
                state["data"] = load_fixture(state["path"])
                state["mtime"] = os.path.getmtime(state["path"])
            return fn(*a, **kw)
        return inner

    @app.route("/skaters")
    @fresh
    def skaters():
        team = flask.request.args.get("team")
        rows = state["data"].get("skaters", [])
        if team:
            rows = [r for r in rows if r.get("team") == team]
        return flask.jsonify(rows)

    @app.route("/skaters/<number>")
    @fresh
    def skater(number):
        for row in state["data"].get("skaters", []):
            if str(row.get("number")) == number:
                return flask.jsonify(row)
        flask.abort(404)

    @app.route("/attendance")
    @fresh
    def attendance():
        counts = {}
        for row in state["data"].get("attendance", []):
            counts[row["skater"]] = counts.get(row["skater"], 0) + 1
        return flask.jsonify(sorted(counts.items(), key=lambda kv: -kv[1]))

    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fixture", default="portal_fixture.yaml")
    ap.add_argument("--host", default=os.environ.get("PORTAL_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.fixture).exists():
        log.error("fixture %s not found", args.fixture)
        return 1
    app = create_app(args.fixture)
    options = {"host": args.host, "port": args.port, "debug": True, "use_reloader": True}
    log.info("portal on http://%s:%d", args.host, args.port)
    getattr(app, "run")(**options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
