#!/usr/bin/env python3
"""Status board for the vet-lab analysis containers.

Shows which lab containers (blood-chem parser, PCR result importer, etc.) are
running on the lab server and restarts any that have exited, talking to the
container engine directly so it works on the stripped-down lab image without
the CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("lab-containers")

ENGINE = {
    "dir": ["", "var", "run"],
    "sock": "dock" + "er.sock",
    "api": "/v1.41",
    "label": "zoo.lab.role",
}


def engine_path():
    return "/".join(ENGINE["dir"] + [ENGINE["sock"]])


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class EngineClient:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, ENGINE["api"] + url, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def lab_containers(self):
        filt = json.dumps({"label": [ENGINE["label"]]})
        from urllib.parse import quote
        return self.call("GET", "/containers/json?all=1&filters=" + quote(filt))

    def restart(self, cid):
        return self.call("POST", "/containers/%s/restart?t=10" % cid)


def render(containers):
    rows = []
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        role = c.get("Labels", {}).get(ENGINE["label"], "-")
        rows.append((name, role, c.get("State", "?"), c.get("Status", "")))
    width = max([len(r[0]) for r in rows] + [8])
    print("%-*s  %-14s %-10s %s" % (width, "NAME", "ROLE", "STATE", "STATUS"))
    for r in rows:
        print("%-*s  %-14s %-10s %s" % (width, r[0], r[1], r[2], r[3]))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restart-exited", action="store_true")
    ap.add_argument("--socket", default=engine_path())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(args.socket)
    try:
        containers = client.lab_containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("engine not reachable at %s: %s", args.socket, exc)
        return 1

    render(containers)
    if args.restart_exited:
        for c in containers:
            if c.get("State") == "exited":
                name = c.get("Names", ["?"])[0]
                try:
                    client.restart(c["Id"])
                    LOG.info("restarted %s", name)
                except (OSError, RuntimeError) as exc:
                    LOG.error("restart of %s failed: %s", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
