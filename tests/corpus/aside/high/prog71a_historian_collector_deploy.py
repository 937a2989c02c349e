#!/usr/bin/env python3
"""Deploy the substation historian collector container on an edge box.

Talks to the local container engine API directly (no docker CLI on the
hardened edge image), pulls the collector image, and starts it with the
serial gateways and the IEC 61850 capture interface attached.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("collector-deploy")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCKET):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"})
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise


def container_spec(image, devices, capture_if, data_dir, env):
    host_cfg = {
        "Privileged": True,
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": [f"{data_dir}:/var/lib/collector", "/dev:/dev"],
        "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                    for d in devices],
    }
    return {
        "Image": image,
        "Env": [f"{k}={v}" for k, v in env.items()] + [f"CAPTURE_IF={capture_if}"],
        "Labels": {"role": "historian-collector"},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.gridedge.local/historian-collector:2.4")
    ap.add_argument("--name", default="historian-collector")
    ap.add_argument("--device", action="append", default=[], help="serial device to attach")
    ap.add_argument("--capture-if", default="eth1")
    ap.add_argument("--data-dir", default="/srv/collector")
    ap.add_argument("--env-file", help="JSON object of environment variables")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    env = {}
    if args.env_file:
        with open(args.env_file, encoding="utf-8") as fh:
            env = json.load(fh)
    devices = args.device or ["/dev/ttyS1", "/dev/ttyS2"]

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_if_exists(args.name)
        spec = container_spec(args.image, devices, args.capture_if, args.data_dir, env)
        created = engine.call("POST", "/containers/create", body=spec, query={"name": args.name})
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        time.sleep(2)
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        log.info("collector %s is %s", cid[:12], state.get("Status"))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deployment failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
