#!/usr/bin/env python3
"""Launch the guest captive-portal appliance container on a Wi-Fi gateway.

The portal image manipulates the host's netfilter tables and the hostapd
control socket, so it runs privileged with host networking.  We talk to
the Docker Engine API directly over its UNIX socket to avoid pulling the
docker SDK onto the embedded gateway image.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("portal-launch")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image):
        repo, _, tag = image.partition(":")
        LOG.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag or "latest"})

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        found = self.call("GET", "/containers/json", query={"all": "1", "filters": flt})
        return found[0] if found else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}", query={"force": "1"}, ok=(204, 404))


def container_spec(args):
    env = [
        f"PORTAL_IF={args.guest_if}",
        f"PORTAL_SUBNET={args.guest_subnet}",
        f"PORTAL_SESSION_MINUTES={args.session_minutes}",
        f"PORTAL_TERMS_URL={args.terms_url}",
    ]
    return {
        "Image": args.image,
        "Env": env,
        "Labels": {"role": "captive-portal", "managed-by": "portal-launch"},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "CapAdd": ["NET_ADMIN", "NET_RAW"],
            "Binds": [
                "/run/hostapd:/run/hostapd",
                "/lib/modules:/lib/modules:ro",
            ],
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m"}},
        },
    }


def wait_running(engine, cid, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        state = info["State"]
        if state.get("Running"):
            return True
        if state.get("Status") == "exited":
            LOG.error("portal exited with code %s", state.get("ExitCode"))
            return False
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.example.net/netops/guest-portal:2.4.1")
    ap.add_argument("--name", default="guest-portal")
    ap.add_argument("--guest-if", default="wlan1")
    ap.add_argument("--guest-subnet", default="192.168.50.0/24")
    ap.add_argument("--session-minutes", type=int, default=240)
    ap.add_argument("--terms-url", default="https://example.net/guest-terms")
    ap.add_argument("--replace", action="store_true", help="recreate if already present")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        existing = engine.find(args.name)
        if existing and not args.replace:
            LOG.info("%s already exists (%s), use --replace", args.name, existing["State"])
            return 0
        if existing:
            engine.remove(existing["Id"])
        if not args.no_pull:
            engine.pull(args.image)
        created = engine.call("POST", "/containers/create",
                              body=container_spec(args), query={"name": args.name})
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine: %s", exc)
        return 1
    if not wait_running(engine, cid):
        return 1
    LOG.info("portal %s running (%s)", args.name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
