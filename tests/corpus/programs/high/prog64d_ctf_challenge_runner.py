#!/usr/bin/env python3
"""Start CTF challenge containers on a lab host.

Reads challenges.json from the working directory:

    [{"name": "kernel-rop", "image": "ctf/kernel-rop:2024", "port": 31337,
      "needs_kvm": true},
     {"name": "web-ssti", "image": "ctf/web-ssti:2024", "port": 31380}]

and creates one container per challenge by talking to the Docker Engine
API directly, so the runner works on hosts without the docker CLI or SDK.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("ctf-runner")
API_VERSION = "v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        try:
            conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{quote(name)}?force=true", expect=(204,))
            LOG.info("removed old %s", name)
        except RuntimeError:
            pass

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")


def container_spec(ch):
    port = f"{ch['port']}/tcp"
    host_config = {
        "PortBindings": {port: [{"HostPort": str(ch["port"])}]},
        "RestartPolicy": {"Name": "unless-stopped"},
        "Memory": ch.get("memory_mb", 512) * 1024 * 1024,
        "PidsLimit": 256,
    }
    if ch.get("needs_kvm") or ch.get("kernel"):
        # kernel challenges boot their own qemu guest and load modules
        host_config["Privileged"] = True
        host_config["Devices"] = [
            {"PathOnHost": "/dev/kvm", "PathInContainer": "/dev/kvm", "CgroupPermissions": "rwm"}
        ]
    return {
        "Image": ch["image"],
        "Env": [f"{k}={v}" for k, v in ch.get("env", {}).items()],
        "ExposedPorts": {port: {}},
        "Labels": {"ctf.challenge": ch["name"]},
        "HostConfig": host_config,
    }


def deploy(engine, ch, pull=True):
    name = f"ctf-{ch['name']}"
    if pull:
        engine.pull(ch["image"])
    engine.remove(name)
    created = engine.call("POST", f"/containers/create?name={quote(name)}", container_spec(ch))
    engine.call("POST", f"/containers/{created['Id']}/start")
    LOG.info("%-20s up on port %s (%s)", name, ch["port"], created["Id"][:12])


def main(argv=None):
    ap = argparse.ArgumentParser(description="start CTF challenge containers")
    ap.add_argument("-f", "--file", default="challenges.json")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--only", action="append", help="deploy just these challenges")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        challenges = json.loads(Path(args.file).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot load %s: %s", args.file, exc)
        return 1

    engine = Engine(args.socket)
    failed = 0
    for ch in challenges:
        if args.only and ch["name"] not in args.only:
            continue
        try:
            deploy(engine, ch, pull=not args.no_pull)
        except (RuntimeError, OSError) as exc:
            LOG.error("%s: %s", ch["name"], exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
