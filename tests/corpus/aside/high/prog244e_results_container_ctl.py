#!/usr/bin/env python3
"""Small control tool for the club's results website container.

The results site runs as a container on the clubhouse server. Volunteers
without Docker experience use this to check it, restart it after a crash,
or pull its recent log lines, without installing the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("resultsctl")

ENGINE = {
    "sock": ("/var", "run", "docker.sock"),
    "api": "v1.41",
    "container": "results-web",
    "restart_timeout": 10,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock"]).replace("//", "/")
        self.api = cfg["api"]

    def call(self, method, route, query=""):
        conn = UnixHTTPConnection(self.path)
        url = "/{}{}{}".format(self.api, route, ("?" + query) if query else "")
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("{} {} -> {} {}".format(method, route, resp.status, body[:200]))
        return body

    def inspect(self, name):
        return json.loads(self.call("GET", "/containers/{}/json".format(name)))

    def restart(self, name, timeout):
        self.call("POST", "/containers/{}/restart".format(name), "t={}".format(int(timeout)))

    def logs(self, name, tail):
        raw = self.call("GET", "/containers/{}/logs".format(name),
                        "stdout=1&stderr=1&tail={}".format(int(tail)))
        return demux(raw)


def demux(raw):
    """Strip the 8-byte stream headers Docker adds to non-TTY log output."""
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    if not out:
        return raw.decode(errors="replace")
    return b"".join(out).decode(errors="replace")


def summarise(info):
    st = info.get("State", {})
    return "{name}: {status} (started {started}, restarts {rc})".format(
        name=info.get("Name", "?").lstrip("/"), status=st.get("Status", "?"),
        started=st.get("StartedAt", "?")[:19], rc=info.get("RestartCount", 0))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=("status", "restart", "logs"))
    ap.add_argument("-c", "--container", default=ENGINE["container"])
    ap.add_argument("-n", "--tail", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine(ENGINE)
    try:
        if args.command == "status":
            print(summarise(eng.inspect(args.container)))
        elif args.command == "restart":
            eng.restart(args.container, ENGINE["restart_timeout"])
            log.info("restarted %s", args.container)
            print(summarise(eng.inspect(args.container)))
        else:
            sys.stdout.write(eng.logs(args.container, args.tail))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
