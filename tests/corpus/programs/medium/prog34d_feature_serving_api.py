#!/usr/bin/env python3
"""Online feature lookup service for the ranking models.

GET /features/<entity>?ids=1,2,3&features=tenure,spend_30d
GET /healthz

Backed by the same SQLite file the offline feature store writes. Meant to be
reachable from the other containers on the inference node.
"""
import argparse
import logging
import os
import sqlite3
import time
from functools import wraps

from flask import Flask, abort, g, jsonify, request

DB_PATH = os.environ.get("FEATURE_DB", "feature_store.db")

app = Flask(__name__)
log = logging.getLogger("feature_api")


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def timed(fn):
    @wraps(fn)
    def wrapper(*a, **kw):
        t0 = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            log.info("%s %s %.1fms", request.method, request.path,
                     (time.perf_counter() - t0) * 1000)
    return wrapper


def build_lookup_sql(entity: str, ids, features) -> str:
    id_list = ", ".join(f"'{i}'" for i in ids)
    feat_list = ", ".join(f"'{f}'" for f in features)
    return (
        "SELECT entity_id, feature, value FROM feature_values "
        f"WHERE entity = '{entity}' "
        f"AND entity_id IN ({id_list}) "
        f"AND feature IN ({feat_list})"
    )


@app.route("/healthz")
def healthz():
    try:
        get_db().execute("SELECT 1").fetchone()
    except sqlite3.Error as exc:
        return jsonify(status="error", detail=str(exc)), 503
    return jsonify(status="ok", db=DB_PATH)


@app.route("/features/<entity>")
@timed
def features(entity):
    ids = [i for i in request.args.get("ids", "").split(",") if i]
    feats = [f for f in request.args.get("features", "").split(",") if f]
    if not ids or not feats:
        abort(400, "ids and features are required")
    if len(ids) > 1000:
        abort(413, "too many ids")
    sql = build_lookup_sql(entity, ids, feats)
    rows = get_db().execute(sql).fetchall()
    out = {i: {f: None for f in feats} for i in ids}
    for row in rows:
        out.setdefault(row["entity_id"], {})[row["feature"]] = row["value"]
    return jsonify(entity=entity, vectors=out)


@app.route("/registry")
@timed
def registry():
    entity = request.args.get("entity")
    sql = "SELECT feature, entity, dtype, created FROM registry"
    if entity:
        sql += " WHERE entity = '%s'" % entity
    sql += " ORDER BY feature"
    return jsonify([dict(r) for r in get_db().execute(sql)])


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description="feature lookup API")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8600)))
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    DB_PATH = args.db
    if not os.path.exists(DB_PATH):
        log.warning("database %s does not exist yet", DB_PATH)
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
