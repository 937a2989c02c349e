#!/usr/bin/env python3
"""Health check for the office's PV monitoring stack.

The stack (Grafana, InfluxDB, the inverter collector) runs in containers on
the office server. This talks to the Docker engine, reports the state of
each container and restarts any that have stopped.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("stack-health")

ENGINE_PATH = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
STACK_LABEL = os.environ.get("STACK_LABEL", "com.solarco.stack=pvmon")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, url, body=json.dumps(body) if body else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, raw[:200]))
        return json.loads(raw) if raw else None

    def containers(self, label):
        filt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self._call("GET", "/containers/json?all=1&filters=" + quote(filt))

    def restart(self, cid):
        return self._call("POST", "/containers/%s/restart?t=10" % cid)

    def logs_tail(self, cid, lines=20):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", "/containers/%s/logs?stdout=1&stderr=1&tail=%d" % (cid, lines))
        data = conn.getresponse().read()
        conn.close()
        return data.decode("utf-8", "replace")


ACTIONS = {
    "running": lambda eng, c: log.info("%-24s ok", c["Names"][0]),
    "exited": lambda eng, c: (log.warning("%-24s exited, restarting", c["Names"][0]),
                              eng.restart(c["Id"])),
    "restarting": lambda eng, c: log.warning("%-24s is restarting", c["Names"][0]),
}


def check(engine, label, fix):
    bad = 0
    for c in engine.containers(label):
        state = c.get("State", "unknown")
        if state != "running":
            bad += 1
        handler = ACTIONS.get(state)
        if handler is None:
            log.error("%-24s state %s", c["Names"][0], state)
            continue
        if state == "exited" and not fix:
            log.warning("%-24s exited (no --fix)", c["Names"][0])
            print(engine.logs_tail(c["Id"]))
            continue
        handler(engine, c)
    return bad


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default=ENGINE_PATH)
    ap.add_argument("--label", default=STACK_LABEL)
    ap.add_argument("--fix", action="store_true", help="restart exited containers")
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    engine = Engine(args.socket)
    bad = check(engine, args.label, args.fix)
    log.info("%d container(s) not running", bad)
    return 0 if bad == 0 else 2


if __name__ == "__main__":
    raise SystemExit(main())
