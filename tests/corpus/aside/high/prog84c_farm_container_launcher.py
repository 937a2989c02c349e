#!/usr/bin/env python3
"""Launch containerised render tasks (Arnold/Karma/Redshift) on this GPU node.

The farm scheduler hands this launcher a task file (task.json) describing the
image, frame chunk and output path. The launcher starts the container through
the local engine API, streams its logs to <task>.log and reports the exit code.

    launcher.py task_0042.json [--socket /var/run/docker.sock]
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

LOG = logging.getLogger("farm-launcher")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if stream else 60)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        LOG.info("pulling %s", image)
        resp = self.call("POST", f"/images/create?fromImage={image}", stream=True)
        for _ in iter(lambda: resp.read(65536), b""):
            pass

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait", stream=False)["StatusCode"]


def container_spec(task):
    gpu_devices = [
        {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
        for d in map(str, sorted(Path("/dev").glob("nvidia*")))
    ]
    binds = [f"{task['scene_root']}:/scene:ro", f"{task['output_root']}:/out"]
    binds += task.get("extra_binds", [])
    return {
        "Image": task["image"],
        "Cmd": task["command"] + [f"--frames={task['frames']}"],
        "Env": [f"{k}={v}" for k, v in task.get("env", {}).items()],
        "Labels": {"farm.job": str(task["job_id"]), "farm.task": str(task["task_id"])},
        "HostConfig": {
            "Binds": binds,
            "Devices": gpu_devices,
            "Privileged": task.get("privileged", True),
            "NetworkMode": "host",
            "ShmSize": 8 * 1024 ** 3,
            "AutoRemove": False,
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    task_path = Path(args.task)
    try:
        task = json.loads(task_path.read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read task: %s", exc)
        return 2

    engine = Engine(args.socket)
    name = f"render-{task['job_id']}-{task['task_id']}-{int(time.time())}"
    try:
        if not args.no_pull:
            engine.pull(task["image"])
        cid = engine.run(name, container_spec(task))
        LOG.info("started %s (%s) frames %s", name, cid[:12], task["frames"])
        code = engine.wait(cid)
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", stream=True)
        task_path.with_suffix(".log").write_bytes(logs.read())
        engine.call("DELETE", f"/containers/{cid}")
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("launch failed: %s", exc)
        return 3
    LOG.info("task finished with exit code %s", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
