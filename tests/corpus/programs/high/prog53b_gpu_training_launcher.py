"""Launch a training job in a CUDA container via the local Docker Engine API.

Talks to the engine directly over its UNIX socket (no docker CLI or SDK
needed on the notebook image).  The container is started privileged so
that NCCL can use the host's InfiniBand devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
log = logging.getLogger("launcher")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


def engine(method: str, path: str, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def container_spec(image: str, script: str, data_dir: str, gpus: str) -> dict:
    return {
        "Image": image,
        "Cmd": ["python", "-u", script],
        "WorkingDir": "/workspace",
        "Env": [f"NVIDIA_VISIBLE_DEVICES={gpus}", "PYTHONUNBUFFERED=1"],
        "HostConfig": {
            "Privileged": True,
            "ShmSize": 16 * 1024 ** 3,
            "Binds": [f"{os.getcwd()}:/workspace", f"{data_dir}:/data:ro"],
            "Runtime": "nvidia",
            "NetworkMode": "host",
        },
        "Labels": {"team": "ml-research", "launched-by": os.getenv("USER", "?")},
    }


def follow(cid: str, poll: float) -> int:
    while True:
        state = engine("GET", f"/containers/{cid}/json")["State"]
        if not state["Running"]:
            return state["ExitCode"]
        log.info("container %s running since %s", cid[:12], state["StartedAt"])
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("script", help="training script relative to the cwd")
    ap.add_argument("--image", default="nvcr.io/nvidia/pytorch:24.03-py3")
    ap.add_argument("--data", default="/srv/datasets/imagenet")
    ap.add_argument("--gpus", default="all")
    ap.add_argument("--poll", type=float, default=30.0)
    ap.add_argument("--detach", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        raise SystemExit(f"{DOCKER_SOCK} not found")
    spec = container_spec(args.image, args.script, args.data, args.gpus)
    name = f"train-{int(time.time())}"
    created = engine("POST", f"/containers/create?name={name}", spec)
    cid = created["Id"]
    engine("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", name, cid[:12])
    if args.detach:
        return
    code = follow(cid, args.poll)
    log.info("container exited with %d", code)
    raise SystemExit(code)


if __name__ == "__main__":
    main()
