#!/usr/bin/env python3
"""Launch a Triton Inference Server container for a local model repository.

Talks to the Docker Engine API directly (no docker CLI or docker-py needed on
the inference hosts), pulls the image if missing, starts the container with
all GPUs attached and waits until Triton reports ready.

    triton-launch --repo ./model_repository --image nvcr.io/nvidia/tritonserver:24.05-py3
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("triton-launch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query="", timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        try:
            headers = {"Content-Type": "application/json"}
            data = json.dumps(body).encode() if body is not None else None
            conn.request(method, API + path + (("?" + query) if query else ""), data, headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
            return json.loads(raw) if raw and raw.lstrip()[:1] in (b"{", b"[") else raw
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
            return
        except RuntimeError:
            pass
        name, _, tag = image.rpartition(":")
        log.info("pulling %s", image)
        self.call("POST", "/images/create", query=f"fromImage={name}&tag={tag}", timeout=1800)


def container_spec(args):
    repo = str(Path(args.repo).resolve())
    ports = {"8000/tcp": {}, "8001/tcp": {}, "8002/tcp": {}}
    bindings = {p: [{"HostIp": "127.0.0.1", "HostPort": str(int(p.split("/")[0]) + args.port_offset)}]
                for p in ports}
    return {
        "Image": args.image,
        "Cmd": ["tritonserver", "--model-repository=/models",
                f"--log-verbose={args.verbose}", "--strict-model-config=false"],
        "ExposedPorts": ports,
        "Labels": {"app": "triton", "repo": repo},
        "HostConfig": {
            "Binds": [f"{repo}:/models:ro"],
            "PortBindings": bindings,
            "ShmSize": args.shm_gb << 30,
            "Ulimits": [{"Name": "memlock", "Soft": -1, "Hard": -1},
                        {"Name": "stack", "Soft": 67108864, "Hard": 67108864}],
            "Privileged": args.privileged,
            "DeviceRequests": [{"Driver": "nvidia", "Count": -1, "Capabilities": [["gpu"]]}],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_ready(port, timeout):
    url = f"http://127.0.0.1:{port}/v2/health/ready"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(3)
    return False


def main(argv=None):
    p = argparse.ArgumentParser(description="start Triton via the Docker Engine API")
    p.add_argument("--repo", required=True, help="model repository directory")
    p.add_argument("--image", default="nvcr.io/nvidia/tritonserver:24.05-py3")
    p.add_argument("--name", default="triton")
    p.add_argument("--port-offset", type=int, default=0)
    p.add_argument("--shm-gb", type=int, default=8)
    p.add_argument("--verbose", type=int, default=0)
    # NVLink/IB peer access needs full device access on our bare-metal hosts
    p.add_argument("--unprivileged", dest="privileged", action="store_false")
    p.add_argument("--ready-timeout", type=int, default=300)
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not Path(args.repo).is_dir():
        log.error("model repository %s not found", args.repo)
        return 2

    engine = Engine()
    try:
        engine.ensure_image(args.image)
        created = engine.call("POST", "/containers/create", container_spec(args),
                              query=f"name={args.name}")
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
    except (RuntimeError, OSError) as exc:
        log.error("docker engine call failed: %s", exc)
        return 1
    log.info("started container %s (%s)", args.name, cid[:12])

    if wait_ready(8000 + args.port_offset, args.ready_timeout):
        log.info("triton ready on 127.0.0.1:%d", 8000 + args.port_offset)
        return 0
    log.error("triton did not become ready within %ds", args.ready_timeout)
    return 1


if __name__ == "__main__":
    sys.exit(main())
