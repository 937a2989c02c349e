#!/usr/bin/env python3
"""Run the HearthLink hub bridge as a container on a customer's Linux box.

For customers who already run a home server and do not want the plastic hub.
Talks to the local Docker Engine API directly (no docker CLI or SDK needed on
minimal NAS images), pulls the bridge image, and starts it with access to the
Zigbee/Thread radios and the host network for mDNS.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("hub-container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"
IMAGE = "ghcr.io/pawgate/hearthlink-bridge"
NAME = "hearthlink-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=600 if stream else 60)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/%s%s" % (API_VERSION, path),
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:300]))
        if not data:
            return None
        if stream:
            return [json.loads(l) for l in data.splitlines() if l.strip()]
        return json.loads(data)

    def pull(self, image, tag):
        events = self.request("POST", "/images/create?fromImage=%s&tag=%s" % (quote(image), tag), stream=True)
        for ev in events or []:
            if "error" in ev:
                raise RuntimeError(ev["error"])
        log.info("pulled %s:%s", image, tag)

    def find(self, name):
        flt = quote(json.dumps({"name": [name]}))
        hits = self.request("GET", "/containers/json?all=1&filters=" + flt)
        return hits[0] if hits else None

    def remove(self, cid):
        self.request("DELETE", "/containers/%s?force=1" % cid)

    def create(self, name, spec):
        return self.request("POST", "/containers/create?name=" + quote(name), body=spec)["Id"]

    def start(self, cid):
        self.request("POST", "/containers/%s/start" % cid)

    def inspect(self, cid):
        return self.request("GET", "/containers/%s/json" % cid)


def bridge_spec(image, tag, data_dir, env):
    return {
        "Image": "%s:%s" % (image, tag),
        "Env": ["%s=%s" % kv for kv in env.items()],
        "Labels": {"com.pawgate.role": "bridge"},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": [
                "%s:/data" % data_dir,
                "/dev:/dev",
                "/run/dbus:/run/dbus:ro",
            ],
        },
    }


def wait_running(engine, cid, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        st = engine.inspect(cid)["State"]
        if st.get("Running"):
            return True
        if st.get("Status") == "exited":
            log.error("bridge exited with code %s", st.get("ExitCode"))
            return False
        time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--data-dir", default=os.path.abspath("hearthlink-data"))
    ap.add_argument("--hub-name", default=socket.gethostname())
    ap.add_argument("--replace", action="store_true", help="recreate an existing bridge container")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("no Docker socket at %s", DOCKER_SOCK)
        return 1
    os.makedirs(args.data_dir, exist_ok=True)
    engine = Engine(DOCKER_SOCK)
    try:
        existing = engine.find(NAME)
        if existing and not args.replace:
            log.info("bridge already exists (%s); use --replace to recreate", existing["Id"][:12])
            return 0
        engine.pull(IMAGE, args.tag)
        if existing:
            engine.remove(existing["Id"])
        cid = engine.create(NAME, bridge_spec(IMAGE, args.tag, args.data_dir,
                                              {"HUB_NAME": args.hub_name, "TZ": os.environ.get("TZ", "UTC")}))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 2
    if not wait_running(engine, cid):
        return 3
    log.info("bridge %s running; open the PawGate app to adopt it", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
