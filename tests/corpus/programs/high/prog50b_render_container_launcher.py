#!/usr/bin/env python3
"""Launch a one-shot map render job in a container via the Docker Engine API.

Talks to the Engine directly over its UNIX socket (no docker SDK needed),
mounts the project's ./style and ./output directories, waits for the render
to finish and prints the container log.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
log = logging.getLogger("render-launch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def engine(method: str, path: str, body=None, raw=False):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/v1.43" + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
    return data if raw else (json.loads(data) if data else None)


def pull(image: str):
    name, _, tag = image.partition(":")
    engine("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)


def run_render(args) -> int:
    cwd = os.getcwd()
    spec = {
        "Image": args.image,
        "Cmd": ["render_list", "--all", f"--min-zoom={args.minzoom}", f"--max-zoom={args.maxzoom}",
                f"--num-threads={args.threads}", "--map=default"],
        "Env": [f"STYLE_FILE=/style/{args.style}"],
        "HostConfig": {
            "Binds": [f"{cwd}/style:/style:ro", f"{cwd}/output:/var/cache/renderd/tiles"],
            "ShmSize": 256 * 1024 * 1024,
            "Memory": args.memory_gb * 1024 ** 3,
        },
        "Labels": {"project": "maprender", "started-by": os.environ.get("USER", "?")},
    }
    created = engine("POST", f"/containers/create?name=render-{int(time.time())}", spec)
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine("POST", f"/containers/{cid}/start", raw=True)
        result = engine("POST", f"/containers/{cid}/wait")
        logs = engine("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50", raw=True)
        for line in logs.split(b"\n"):
            sys.stdout.write(line[8:].decode(errors="replace") + "\n" if len(line) > 8 else "")
        return int(result.get("StatusCode", 1))
    finally:
        if not args.keep:
            engine("DELETE", f"/containers/{cid}?force=1", raw=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="overv/openstreetmap-tile-server:2.3.0")
    ap.add_argument("--style", default="mapnik.xml")
    ap.add_argument("--minzoom", type=int, default=0)
    ap.add_argument("--maxzoom", type=int, default=12)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--memory-gb", type=int, default=4)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    os.makedirs("output", exist_ok=True)
    pull(args.image)
    rc = run_render(args)
    log.info("render finished with exit code %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
