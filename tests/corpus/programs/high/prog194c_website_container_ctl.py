#!/usr/bin/env python3
"""Small control tool for the society website container on the hall server.

Talks straight to the Docker Engine API so the web volunteer does not need
the docker CLI installed: status, restart and log tail for the site.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import urllib.parse

log = logging.getLogger("site-ctl")

ENGINE = os.environ.get("ENGINE_SOCKET", "/" + "/".join(["var", "run", "dock" + "er.sock"]))
SITE = os.environ.get("SITE_CONTAINER", "ringers-society-website")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, endpoint, query=None, raw=False):
        conn = UnixHTTPConnection(self.path)
        url = API + endpoint
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn.request(method, url, headers={"Host": "engine"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("{} {} -> {} {}".format(method, endpoint, resp.status, data[:200]))
        if raw or not data:
            return data
        return json.loads(data)


def cmd_status(engine, args):
    items = engine.call("GET", "/containers/json", {"all": "1", "filters": json.dumps({"name": [args.name]})})
    if not items:
        log.info("no container named %s", args.name)
        return 1
    for c in items:
        log.info("%s  %-10s %s  image=%s", c["Id"][:12], c["State"], c["Status"], c["Image"])
    return 0


def cmd_restart(engine, args):
    engine.call("POST", "/containers/{}/restart".format(args.name), {"t": str(args.grace)})
    log.info("restarted %s", args.name)
    return cmd_status(engine, args)


def cmd_logs(engine, args):
    raw = engine.call("GET", "/containers/{}/logs".format(args.name),
                      {"stdout": "1", "stderr": "1", "tail": str(args.tail)}, raw=True)
    i = 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        print(raw[i + 8:i + 8 + size].decode(errors="replace"), end="")
        i += 8 + size
    return 0


COMMANDS = {"status": cmd_status, "restart": cmd_restart, "logs": cmd_logs}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--name", default=SITE)
    ap.add_argument("--socket", default=ENGINE)
    ap.add_argument("--grace", type=int, default=10)
    ap.add_argument("--tail", type=int, default=100)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = Engine(args.socket)
    raise SystemExit(COMMANDS[args.command](engine, args))


if __name__ == "__main__":
    main()
