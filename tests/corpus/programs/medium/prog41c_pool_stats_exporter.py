#!/usr/bin/env python3
"""Keep warm connection pools to several databases and export pool stats.

Pools are described in a YAML file; a tiny WSGI app serves /stats and
/healthz so the load balancer and Prometheus can scrape it.
"""
import argparse
import json
import logging
import threading
import time
from wsgiref.simple_server import make_server

import yaml
from psycopg2 import OperationalError
from psycopg2.pool import ThreadedConnectionPool

logger = logging.getLogger("poolstats")

DEFAULT_CONFIG = """
listen: {host: 0.0.0.0, port: 9187}
probe_interval: 15
pools:
  orders:  {dsn: "host=db1 dbname=orders user=probe", min: 1, max: 4}
  billing: {dsn: "host=db2 dbname=billing user=probe", min: 1, max: 2}
"""


def load_config(path):
    if path is None:
        return yaml.load(DEFAULT_CONFIG, Loader=yaml.Loader)
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class PoolRegistry:
    def __init__(self, pools_cfg):
        self.pools = {}
        self.stats = {}
        self.lock = threading.Lock()
        for name, spec in pools_cfg.items():
            try:
                self.pools[name] = ThreadedConnectionPool(spec.get("min", 1), spec.get("max", 4), spec["dsn"])
                self.stats[name] = {"ok": 0, "errors": 0, "last_ms": None}
            except OperationalError as exc:
                logger.error("pool %s unavailable: %s", name, exc)
                self.stats[name] = {"ok": 0, "errors": 1, "last_ms": None}

    def probe_once(self):
        for name, pool in self.pools.items():
            start = time.monotonic()
            conn = None
            try:
                conn = pool.getconn()
                with conn.cursor() as cur:
                    cur.execute("SELECT 1")
                    cur.fetchone()
                ok, elapsed = True, round((time.monotonic() - start) * 1000, 2)
            except OperationalError as exc:
                logger.warning("probe %s failed: %s", name, exc)
                ok, elapsed = False, None
            finally:
                if conn is not None:
                    pool.putconn(conn, close=not ok)
            with self.lock:
                self.stats[name]["ok" if ok else "errors"] += 1
                self.stats[name]["last_ms"] = elapsed

    def snapshot(self):
        with self.lock:
            return json.loads(json.dumps(self.stats))


def make_app(registry):
    def app(environ, start_response):
        path = environ.get("PATH_INFO", "/")
        if path == "/stats":
            body = json.dumps(registry.snapshot(), indent=2).encode()
            start_response("200 OK", [("Content-Type", "application/json")])
            return [body]
        if path == "/healthz":
            healthy = all(s["last_ms"] is not None for s in registry.snapshot().values())
            start_response("200 OK" if healthy else "503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"ok\n" if healthy else b"degraded\n"]
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found\n"]
    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(args.config)
    registry = PoolRegistry(cfg["pools"])

    def prober():
        while True:
            registry.probe_once()
            time.sleep(cfg.get("probe_interval", 15))

    threading.Thread(target=prober, daemon=True).start()
    listen = cfg.get("listen", {})
    host, port = listen.get("host", "0.0.0.0"), int(listen.get("port", 9187))
    logger.info("serving pool stats on %s:%d", host, port)
    make_server(host, port, make_app(registry)).serve_forever()


if __name__ == "__main__":
    main()
