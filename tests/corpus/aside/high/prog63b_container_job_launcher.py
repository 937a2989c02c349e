#!/usr/bin/env python3
"""Launch a GPU training job in a container straight through the Docker Engine API.

Used on lab workstations where the docker SDK is not installed: talks HTTP to the
engine's unix socket, creates a container from the experiment config and follows
its logs into ./logs/<name>.log.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("ctr-launch")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


def engine(method: str, path: str, body=None, stream=False):
    conn = UnixHTTPConnection(DOCKER_SOCK, timeout=None if stream else 60)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {resp.read()[:300]!r}")
    return resp if stream else json.loads(resp.read() or b"null")


def container_spec(cfg: dict) -> dict:
    job = cfg["job"]
    binds = [f"{Path(src).resolve()}:{dst}" for src, dst in cfg.get("volumes", {}).items()]
    return {
        "Image": job["image"],
        "Cmd": job["command"],
        "WorkingDir": job.get("workdir", "/workspace"),
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "HostConfig": {
            # NCCL/RDMA needs the InfiniBand devices and locked memory.
            "Privileged": True,
            "IpcMode": "host",
            "ShmSize": int(job.get("shm_gb", 16)) * 2**30,
            "Binds": binds,
            "DeviceRequests": [{"Driver": "nvidia", "Count": -1, "Capabilities": [["gpu"]]}],
            "AutoRemove": False,
        },
    }


def follow_logs(cid: str, out: Path) -> None:
    resp = engine("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1", stream=True)
    with out.open("ab") as fh:
        while chunk := resp.read(8192):
            fh.write(chunk)
            fh.flush()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", type=Path, help="experiment TOML file")
    ap.add_argument("--name", help="container name (default: config stem)")
    ap.add_argument("--detach", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = tomllib.loads(args.config.read_text())
    name = args.name or args.config.stem
    try:
        created = engine("POST", f"/containers/create?name={name}", container_spec(cfg))
        cid = created["Id"]
        engine("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("could not start job: %s", exc)
        return 1
    log.info("started %s (%s)", name, cid[:12])
    if args.detach:
        return 0
    Path("logs").mkdir(exist_ok=True)
    follow_logs(cid, Path("logs") / f"{name}.log")
    state = engine("GET", f"/containers/{cid}/json")["State"]
    log.info("container exited with %s", state.get("ExitCode"))
    return int(state.get("ExitCode") or 0)


if __name__ == "__main__":
    sys.exit(main())
