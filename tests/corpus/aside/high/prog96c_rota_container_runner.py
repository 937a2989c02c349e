#!/usr/bin/env python3
"""Rota container runner.

Runs the steward rota sync image on the stewarding-office server ahead of each
fixture. Talks to the local Docker engine directly (no docker CLI on the
server image), mounts the working directory so the job can read rota.csv,
waits for the job and prints its logs.

    rota_container_runner.py EVENT_ID [--image registry.local/rota-sync:1.4]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("rota_runner")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "latest")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)

    def run_job(self, image, cmd, env, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "WorkingDir": "/job",
            "HostConfig": {"Binds": [f"{workdir}:/job"], "AutoRemove": False},
            "Labels": {"owner": "stewarding-office", "job": "rota-sync"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start", raw=True)
        return cid

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(2)
        raise TimeoutError(cid)

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode(errors="replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the rota sync job in a container")
    ap.add_argument("event_id")
    ap.add_argument("--image", default="registry.stadium.local/rota-sync:1.4")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    engine = Engine(DOCKER_SOCK)
    env = {k: os.environ[k] for k in ("ROTA_API_URL", "ROTA_API_KEY") if k in os.environ}
    try:
        engine.pull(args.image)
        cid = engine.run_job(args.image, ["rota-sync", args.event_id], env, os.getcwd())
        log.info("started %s", cid[:12])
        code = engine.wait(cid, args.timeout)
        sys.stdout.write(engine.logs(cid))
        if not args.keep:
            engine.remove(cid)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("job failed: %s", exc)
        return 1
    log.info("job exited with %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
