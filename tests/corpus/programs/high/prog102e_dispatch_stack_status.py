#!/usr/bin/env python3
"""Status board for the dispatch stack containers on a control-room host.

Lists the containers that make up the CAD stack (relay, AVL ingest, MDT
gateway, mapping tiles), shows their health and uptime, and restarts any
that report unhealthy so the night shift does not have to.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("stack-status")

STACK_LABEL = "uk.ambulance.stack=cad"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a local daemon over an AF_UNIX socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.socket_path)
        self.sock = s


class Engine:
    def __init__(self, socket_path, api="v1.41"):
        self.socket_path = socket_path
        self.api = api

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def stack_containers(self):
        flt = json.dumps({"label": [STACK_LABEL]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}")


def health_of(details):
    state = details.get("State", {})
    if "Health" in state:
        return state["Health"].get("Status", "unknown")
    return "running" if state.get("Running") else state.get("Status", "unknown")


def uptime(details):
    started = details.get("State", {}).get("StartedAt", "")[:19]
    try:
        t = time.mktime(time.strptime(started, "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return "-"
    mins = int((time.time() - t) // 60)
    return f"{mins // 1440}d{(mins % 1440) // 60:02d}h{mins % 60:02d}m"


def main():
    ap = argparse.ArgumentParser(description="CAD stack container status")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--no-restart", dest="restart", action="store_false",
                    help="report only, do not restart unhealthy services")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        containers = engine.stack_containers()
    except (OSError, RuntimeError) as exc:
        log.error("cannot query container engine at %s: %s", args.socket, exc)
        return 1

    report = []
    for c in containers:
        details = engine.inspect(c["Id"])
        name = c["Names"][0].lstrip("/")
        status = health_of(details)
        report.append({"name": name, "image": c["Image"], "health": status, "uptime": uptime(details)})
        if status in ("unhealthy", "exited", "dead") and args.restart:
            log.warning("%s is %s, restarting", name, status)
            try:
                engine.restart(c["Id"])
                report[-1]["action"] = "restarted"
            except RuntimeError as exc:
                log.error("restart of %s failed: %s", name, exc)
                report[-1]["action"] = "restart-failed"

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for r in sorted(report, key=lambda r: r["name"]):
            print(f"{r['name']:28} {r['health']:10} {r['uptime']:>10}  {r.get('action', '')}")
    return 0 if all(r["health"] in ("healthy", "running") for r in report) else 2


if __name__ == "__main__":
    sys.exit(main())
