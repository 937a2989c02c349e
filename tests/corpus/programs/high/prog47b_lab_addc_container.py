#!/usr/bin/env python3
"""Spin up a throw-away Samba AD DC in a container for integration tests.

Talks to the local Docker Engine API directly over its UNIX socket (no
docker SDK on the CI runners). The DC needs extended attributes, ACL support
and its own hostname, so the container is started privileged.
"""
import argparse
import http.client
import json
import logging
import secrets
import socket
import sys
import time

log = logging.getLogger("lab-addc")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=DOCKER_SOCK, api="v1.43"):
        self.path, self.api = path, api

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, f"/{self.api}{url}", body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None


def create_dc(engine, name, image, realm, admin_pw):
    spec = {
        "Image": image,
        "Hostname": "dc1",
        "Domainname": realm.lower(),
        "Env": [f"REALM={realm}", f"DOMAIN={realm.split('.')[0]}",
                f"ADMIN_PASSWORD={admin_pw}", "DNS_FORWARDER=1.1.1.1"],
        "HostConfig": {
            "Privileged": True,
            "AutoRemove": True,
            "PortBindings": {f"{p}/tcp": [{"HostIp": "127.0.0.1", "HostPort": ""}]
                             for p in (53, 88, 389, 445, 636)},
        },
        "ExposedPorts": {f"{p}/tcp": {} for p in (53, 88, 389, 445, 636)},
    }
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def wait_healthy(engine, cid, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state.get("Running"):
            raise RuntimeError(f"container exited: {state.get('Error') or state['Status']}")
        if state.get("Health", {}).get("Status") in (None, "healthy"):
            return
        time.sleep(3)
    raise TimeoutError("DC did not become healthy in time")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="ci-addc")
    ap.add_argument("--image", default="registry.corp.example/lab/samba-addc:4.19")
    ap.add_argument("--realm", default="LAB.TEST")
    ap.add_argument("--timeout", type=int, default=180)
    ap.add_argument("--teardown", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    if args.teardown:
        engine.call("DELETE", f"/containers/{args.name}?force=true")
        log.info("removed %s", args.name)
        return 0

    admin_pw = "Lab-" + secrets.token_urlsafe(18)
    cid = create_dc(engine, args.name, args.image, args.realm, admin_pw)
    log.info("started %s (%s)", args.name, cid[:12])
    wait_healthy(engine, cid, args.timeout)
    ports = engine.call("GET", f"/containers/{cid}/json")["NetworkSettings"]["Ports"]
    print(json.dumps({"container": cid, "realm": args.realm,
                      "administrator_password": admin_pw,
                      "ports": {k: v[0]["HostPort"] for k, v in ports.items() if v}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
