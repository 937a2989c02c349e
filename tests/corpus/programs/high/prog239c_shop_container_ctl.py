#!/usr/bin/env python3
"""Small control tool for the web shop's containers on the roastery server.

Talks to the Docker Engine API directly over its unix socket so it works on
the box without the docker CLI installed. Supports: ps, restart, logs.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

log = logging.getLogger("shopctl")

ENGINE = {
    "run": ("var", "run"),
    "sock": "docker" + ".sock",
    "api": "v1.43",
}
SHOP_LABEL = "com.example.roastery.service"


def engine_socket():
    override = os.environ.get("SHOPCTL_SOCKET")
    if override:
        return override
    return os.path.join(os.sep, *ENGINE["run"], ENGINE["sock"])


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that dials a unix socket instead of TCP."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, endpoint, query=None, raw=False):
        url = f"/{ENGINE['api']}{endpoint}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = EngineConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {body[:200]!r}")
        if raw:
            return body
        return json.loads(body) if body else None

    def shop_containers(self, all_=False):
        filters = json.dumps({"label": [SHOP_LABEL]})
        return self.call("GET", "/containers/json", {"all": int(all_), "filters": filters})

    def restart(self, ident, grace=10):
        self.call("POST", f"/containers/{ident}/restart", {"t": grace})

    def logs(self, ident, tail=50):
        data = self.call("GET", f"/containers/{ident}/logs",
                         {"stdout": 1, "stderr": 1, "tail": tail}, raw=True)
        # strip the 8-byte multiplexing headers
        out, i = [], 0
        while i + 8 <= len(data):
            size = int.from_bytes(data[i + 4:i + 8], "big")
            out.append(data[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out)


def resolve(engine, name):
    for c in engine.shop_containers(all_=True):
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if name in names or c["Id"].startswith(name) or c["Labels"].get(SHOP_LABEL) == name:
            return c["Id"]
    raise SystemExit(f"no shop container matching {name!r}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("ps")
    p.add_argument("-a", "--all", action="store_true")
    r = sub.add_parser("restart")
    r.add_argument("service", nargs="+")
    l = sub.add_parser("logs")
    l.add_argument("service")
    l.add_argument("--tail", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(engine_socket())
    try:
        if args.cmd == "ps":
            for c in engine.shop_containers(all_=args.all):
                print(f"{c['Id'][:12]}  {c['Labels'].get(SHOP_LABEL, '?'):12}  {c['State']:8}  {c['Status']}")
        elif args.cmd == "restart":
            for svc in args.service:
                engine.restart(resolve(engine, svc))
                log.info("restarted %s", svc)
        elif args.cmd == "logs":
            sys.stdout.write(engine.logs(resolve(engine, args.service), args.tail))
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
