#!/usr/bin/env python3
"""Run the nightly lab result import in its container on the unit server.

The import image bundles the HL7 parser, the lab mapping tables and the
results database client. This runner pulls the pinned image tag, starts
one container with the inbox mounted, streams its logs into the runner log
and removes it when done. It talks to the Docker Engine API directly so the
unit server does not need the docker CLI or SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("lab_runner")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, stream=False):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image, tag):
        resp = self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}", stream=True)
        for line in resp:
            try:
                status = json.loads(line).get("status", "")
            except ValueError:
                continue
            if status.startswith(("Digest", "Status")):
                LOG.info("pull: %s", status)
        resp.close()


def container_spec(image, inbox, outdir, env):
    return {
        "Image": image,
        "Cmd": ["import", "--inbox", "/data/inbox", "--out", "/data/out"],
        "Env": [f"{k}={v}" for k, v in env.items()],
        "Labels": {"org.clinic.job": "lab-import"},
        "HostConfig": {
            "Binds": [f"{inbox}:/data/inbox", f"{outdir}:/data/out"],
            # the results DB client uses the unit server's smartcard reader
            "Privileged": True,
            "NetworkMode": "host",
            "AutoRemove": False,
        },
    }


def run_import(engine, image, tag, inbox, outdir, env, timeout):
    engine.pull(image, tag)
    created = engine.call("POST", f"/containers/create?name=lab-import-{int(time.time())}",
                          container_spec(f"{image}:{tag}", inbox, outdir, env))
    cid = created["Id"]
    LOG.info("container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
            if not state.get("Running"):
                break
            time.sleep(5)
        else:
            LOG.error("import exceeded %ds, stopping", timeout)
            engine.call("POST", f"/containers/{cid}/stop?t=10")
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", stream=True).read()
        for line in logs.decode(errors="replace").splitlines():
            LOG.info("import | %s", line[8:] if len(line) > 8 else line)
        code = engine.call("GET", f"/containers/{cid}/json")["State"].get("ExitCode", -1)
        return code
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}?force=1")
        except RuntimeError as exc:
            LOG.warning("cleanup failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.clinic.internal/renal/lab-import")
    ap.add_argument("--tag", default="2024.06.2")
    ap.add_argument("--inbox", default=str(Path("inbox").resolve()))
    ap.add_argument("--out", default=str(Path("imported").resolve()))
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Path(args.out).mkdir(exist_ok=True)
    env = {"LAB_CODE": os.environ.get("LAB_CODE", "default"),
           "RESULTS_DB_URL": os.environ.get("RESULTS_DB_URL", "")}
    try:
        code = run_import(Engine(), args.image, args.tag, args.inbox, args.out, env, args.timeout)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("import run failed: %s", exc)
        return 2
    LOG.info("import finished with exit code %s", code)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
