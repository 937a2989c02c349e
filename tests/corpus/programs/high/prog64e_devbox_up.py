#!/usr/bin/env python3
"""devbox-up: start (or reuse) the per-project development container.

Reads .devbox.json in the project root:

    {"image": "ghcr.io/acme/devbox-python:3.12",
     "env": {"PYTHONDONTWRITEBYTECODE": "1"},
     "ports": [8000, 5173],
     "nested_docker": true}

and talks to the local Docker Engine API directly, so it works without the
docker CLI installed (e.g. inside WSL or a minimal distrobox).
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("devbox")

DEFAULTS = {"image": "mcr.microsoft.com/devcontainers/base:bookworm", "env": {},
            "ports": [], "nested_docker": True, "workdir": "/workspace"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self):
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.path = host.removeprefix("unix://")

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") or data.strip().startswith(b"[") else data

    def find(self, name):
        flt = quote(json.dumps({"name": [f"^/{name}$"]}))
        found = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return found[0] if found else None

    def pull(self, image):
        repo, _, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "latest")
        log.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")


def load_project(root):
    cfg = dict(DEFAULTS)
    f = root / ".devbox.json"
    if f.exists():
        cfg.update(json.loads(f.read_text()))
    return cfg


def container_spec(root, cfg):
    host_cfg = {
        "Binds": [f"{root}:{cfg['workdir']}:rw"],
        "PortBindings": {f"{p}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(p)}] for p in cfg["ports"]},
        "Init": True,
    }
    if cfg.get("nested_docker"):
        # dockerd inside the box needs its own cgroups / overlay mounts
        host_cfg["Privileged"] = True
    return {
        "Image": cfg["image"],
        "Cmd": ["sleep", "infinity"],
        "WorkingDir": cfg["workdir"],
        "Env": [f"{k}={v}" for k, v in cfg["env"].items()],
        "ExposedPorts": {f"{p}/tcp": {} for p in cfg["ports"]},
        "Labels": {"devbox.project": str(root)},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="start the project dev container")
    ap.add_argument("project", nargs="?", default=".")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.project).resolve()
    cfg = load_project(root)
    name = "devbox-" + root.name.lower().replace(" ", "-")
    eng = Engine()

    try:
        existing = eng.find(name)
        if existing and args.recreate:
            eng.call("DELETE", f"/containers/{existing['Id']}?force=1")
            existing = None
        if existing is None:
            eng.pull(cfg["image"])
            created = eng.call("POST", f"/containers/create?name={name}", container_spec(root, cfg))
            cid = created["Id"]
            log.info("created %s (%s)", name, cid[:12])
        else:
            cid = existing["Id"]
        eng.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1

    print(f"{name} is up. Attach with: docker exec -it {name} bash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
