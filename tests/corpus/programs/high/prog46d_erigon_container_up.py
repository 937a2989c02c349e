#!/usr/bin/env python3
"""Start (or re-create) an erigon container by talking to the Docker Engine API.

Uses only the standard library: an HTTP connection over the engine's unix socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("erigon-up")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


def engine(method, path, body=None, ok=(200, 201, 204, 304)):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, API + path, body=payload,
                 headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status not in ok:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def container_spec(args):
    datadir = os.path.abspath(args.datadir)
    return {
        "Image": args.image,
        "Cmd": ["--chain", args.chain, "--datadir", "/data", "--prune.mode", "full",
                "--http", "--http.addr", "0.0.0.0", "--http.api", "eth,net,web3",
                "--authrpc.jwtsecret", "/data/jwt.hex"],
        "ExposedPorts": {"8545/tcp": {}, "30303/tcp": {}, "30303/udp": {}},
        "HostConfig": {
            "Binds": [f"{datadir}:/data"],
            "PortBindings": {
                "8545/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8545"}],
                "30303/tcp": [{"HostPort": "30303"}],
                "30303/udp": [{"HostPort": "30303"}],
            },
        },
        "Labels": {"managed-by": "erigon-up", "chain": args.chain},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="erigon-mainnet")
    ap.add_argument("--image", default="erigontech/erigon:v2.60.10")
    ap.add_argument("--chain", default="mainnet")
    ap.add_argument("--datadir", default="./erigon-data")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    os.makedirs(args.datadir, exist_ok=True)
    repo, _, tag = args.image.partition(":")
    LOG.info("pulling %s", args.image)
    engine("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    existing = engine("GET", f"/containers/{args.name}/json", ok=(200, 404))
    if existing and "Id" in existing:
        if not args.recreate:
            LOG.info("container exists; starting it")
            engine("POST", f"/containers/{args.name}/start")
            return 0
        engine("DELETE", f"/containers/{args.name}?force=true")
    created = engine("POST", f"/containers/create?name={args.name}",
                     container_spec(args))
    engine("POST", f"/containers/{created['Id']}/start")
    LOG.info("started %s (%s)", args.name, created["Id"][:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
