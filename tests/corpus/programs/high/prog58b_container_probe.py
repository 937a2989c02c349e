#!/usr/bin/env python3
"""Report which running containers ship a given file, via the Docker API.

Talks HTTP over the local Docker socket.  For each container a HEAD request
on /containers/<id>/archive returns the X-Docker-Container-Path-Stat header,
a Base64-encoded JSON document with name, size, mode and mtime of the path.
"""
import argparse
import base64
import http.client
import json
import logging
import socket
import sys
import urllib.parse

LOG = logging.getLogger("cprobe")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerClient:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def request(self, method: str, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, API + path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, resp.headers, body
        finally:
            conn.close()

    def containers(self, label=None):
        query = {}
        if label:
            query["filters"] = json.dumps({"label": [label]})
        qs = ("?" + urllib.parse.urlencode(query)) if query else ""
        status, _, body = self.request("GET", "/containers/json" + qs)
        if status != 200:
            raise RuntimeError(f"list containers: HTTP {status}")
        return json.loads(body)

    def path_stat(self, cid: str, path: str):
        qs = urllib.parse.urlencode({"path": path})
        status, headers, _ = self.request("HEAD", f"/containers/{cid}/archive?{qs}")
        if status == 404:
            return None
        if status != 200:
            raise RuntimeError(f"stat {path} in {cid[:12]}: HTTP {status}")
        encoded = headers.get("X-Docker-Container-Path-Stat", "")
        return json.loads(base64.b64decode(encoded))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("path", nargs="?", default="/etc/ssl/certs/ca-certificates.crt")
    ap.add_argument("--label", help="only containers with this label (k=v)")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        containers = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot talk to docker at %s: %s", args.socket, exc)
        return 1
    rows = []
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        try:
            stat = client.path_stat(c["Id"], args.path)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.warning("%s: %s", name, exc)
            continue
        rows.append({"container": name, "image": c.get("Image"),
                     "present": stat is not None,
                     "size": stat.get("size") if stat else None,
                     "mtime": stat.get("mtime") if stat else None})
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        for r in rows:
            flag = "yes" if r["present"] else "no"
            print(f"{r['container']:30} {flag:4} {r['size'] or '-':>10}  {r['image']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
