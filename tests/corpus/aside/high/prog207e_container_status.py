#!/usr/bin/env python3
"""Status board for the yard's containerised services.

The office box runs the quote portal, the drawing index and the saw job
spooler in containers. This lists them and restarts any that have stopped.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from dataclasses import dataclass

log = logging.getLogger("containers")
SOCK_PATH = "/".join(["", "var", "run", "dock" + "er.sock"])
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Container:
    cid: str
    name: str
    state: str
    image: str

    @classmethod
    def from_api(cls, d):
        return cls(d["Id"][:12], d["Names"][0].lstrip("/"), d["State"], d["Image"])


class Engine:
    def __init__(self, path=SOCK_PATH):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, API + url, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label):
        filt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return [Container.from_api(d)
                for d in self.call("GET", f"/containers/json?all=1&filters={quote(filt)}")]

    def restart(self, c):
        self.call("POST", f"/containers/{c.cid}/restart?t=10")


ACTIONS = {
    "list": lambda eng, cs: [print(f"{c.name:24} {c.state:10} {c.image}") for c in cs],
    "heal": lambda eng, cs: [(eng.restart(c), log.info("restarted %s", c.name))
                             for c in cs if c.state in ("exited", "dead")],
}


def main():
    ap = argparse.ArgumentParser(description="yard container status")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--label", default="yard.service")
    ap.add_argument("--socket", default=SOCK_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    eng = Engine(args.socket)
    try:
        cs = eng.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("engine unreachable: %s", exc)
        return 1
    if not cs:
        log.info("no containers labelled %s", args.label)
        return 0
    ACTIONS[args.action](eng, cs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
