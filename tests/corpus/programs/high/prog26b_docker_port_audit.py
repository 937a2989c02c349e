#!/usr/bin/env python3
"""Audit the TCP ports published by local Docker containers.

Talks to the Docker Engine API directly over the unix socket
/var/run/docker.sock, lists running containers and their published ports,
then checks whether each published port actually accepts connections.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("dockerports")

DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 5.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, path: str):
        self.path = path

    def get(self, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"docker API {url}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self) -> list[dict]:
        return self.get("/containers/json")


def port_open(host: str, port: int, timeout: float) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def published_ports(container: dict):
    for p in container.get("Ports", []):
        if p.get("Type") != "tcp" or "PublicPort" not in p:
            continue
        ip = p.get("IP") or "0.0.0.0"
        yield ip, p["PublicPort"], p["PrivatePort"]


def audit(api: DockerAPI, timeout: float) -> list[dict]:
    rows = []
    for c in api.containers():
        name = c.get("Names", ["?"])[0].lstrip("/")
        for ip, public, private in published_ports(c):
            check_host = "127.0.0.1" if ip in ("0.0.0.0", "::") else ip
            ok = port_open(check_host, public, timeout)
            rows.append({
                "container": name,
                "image": c.get("Image"),
                "bind": ip,
                "public": public,
                "private": private,
                "listening": ok,
                "exposed_all": ip in ("0.0.0.0", "::"),
            })
            log.debug("%s %s:%d -> %d %s", name, ip, public, private, ok)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description="audit Docker published ports")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--timeout", type=float, default=1.5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rows = audit(DockerAPI(args.socket), args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("cannot query docker at %s: %s", args.socket, exc)
        return 2

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            flag = "ALL-IFACES" if r["exposed_all"] else ""
            state = "up" if r["listening"] else "DOWN"
            print(f"{r['container']:24} {r['bind']:>15}:{r['public']:<5} -> {r['private']:<5} "
                  f"{state:4} {flag}")
    down = [r for r in rows if not r["listening"]]
    if down:
        log.warning("%d published port(s) not answering", len(down))
    return 1 if down else 0


if __name__ == "__main__":
    sys.exit(main())
