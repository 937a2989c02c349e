#!/usr/bin/env python3
"""Run a WRF case in the operational model container via the Docker Engine API.

The regional WRF build is shipped as a container image. This launcher talks
to the local Docker daemon directly over its Unix socket (no docker CLI on
the ops image), creates a container for one case directory, streams its
exit status and saves the container log next to the case.

Usage:
    prog220c_launch_wrf_container.py CASE_DIR [--image IMAGE] [--ranks N]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
from pathlib import Path

DOCKER_SOCKET = "/var/run/docker.sock"
DEFAULT_IMAGE = "registry.example.com/nwp/wrf:4.5.2-ops"

log = logging.getLogger("wrf_container")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=None):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path=DOCKER_SOCKET, timeout=None):
        self.socket_path = socket_path
        self.timeout = timeout

    def request(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.socket_path, timeout=self.timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}


def container_spec(image, case_dir, ranks):
    return {
        "Image": image,
        "Cmd": ["mpirun", "-np", str(ranks), "./wrf.exe"],
        "WorkingDir": "/case",
        "Env": [f"OMP_NUM_THREADS=1", f"WRF_RANKS={ranks}"],
        "Labels": {"nwp.role": "wrf-case", "nwp.case": case_dir.name},
        "HostConfig": {
            "Binds": [f"{case_dir}:/case:rw"],
            "ShmSize": 8 * 2**30,
            "Privileged": False,
            "AutoRemove": False,
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case_dir")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--ranks", type=int, default=16)
    ap.add_argument("--socket", default=DOCKER_SOCKET)
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    case_dir = Path(args.case_dir).resolve()
    if not (case_dir / "namelist.input").exists():
        log.error("%s has no namelist.input; not a WRF case directory", case_dir)
        return 2

    docker = DockerClient(args.socket)
    try:
        version = docker.request("GET", "/version")
        log.info("docker engine %s", version.get("Version", "?"))
        created = docker.request("POST", f"/containers/create?name=wrf-{case_dir.name}",
                                 container_spec(args.image, case_dir, args.ranks))
        cid = created["Id"]
        log.info("created container %s for case %s", cid[:12], case_dir.name)
        docker.request("POST", f"/containers/{cid}/start")
        result = docker.request("POST", f"/containers/{cid}/wait")
        status = result.get("StatusCode", -1)
        logs = docker.request("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        (case_dir / "container.log").write_bytes(logs)
        if not args.keep:
            docker.request("DELETE", f"/containers/{cid}")
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("container run failed: %s", exc)
        return 1

    if status == 0:
        log.info("WRF case %s finished successfully", case_dir.name)
    else:
        log.error("WRF case %s exited with status %s; see container.log", case_dir.name, status)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
