#!/usr/bin/env python3
"""Keep the wholesale ordering portal's containers healthy.

The cider house runs its buyer portal (web, worker, redis) as containers
labelled com.orchardpress.portal=1 on the office box. This checks each
one, restarts any that are unhealthy or exited, and saves the last lines
of their logs to ./portal_incidents/ so the developer can see what
happened. Meant to be run every few minutes from the office scheduler.
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse
from pathlib import Path

log = logging.getLogger("portal-watch")

LABEL = "com.orchardpress.portal=1"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local stream socket."""

    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path, self.api = sock_path, api

    def call(self, method, path, query=None, raw=False):
        url = f"/{self.api}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = EngineConnection(self.sock_path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        if raw:
            return body
        return json.loads(body) if body else None

    def portal_containers(self):
        filters = json.dumps({"label": [LABEL]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def logs(self, cid, tail=200):
        return self.call("GET", f"/containers/{cid}/logs",
                         {"stdout": "1", "stderr": "1", "tail": str(tail)}, raw=True)

    def restart(self, cid, grace=15):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def strip_frames(raw):
    """Engine log stream is multiplexed in 8-byte-header frames."""
    out, i = bytearray(), 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out += raw[i + 8:i + 8 + size]
        i += 8 + size
    return out.decode("utf-8", "replace") if out else raw.decode("utf-8", "replace")


def needs_restart(info):
    state = info.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return "exited (code %s)" % state.get("ExitCode")
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    p.add_argument("--incidents", type=Path, default=Path("portal_incidents"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(args.socket)
    try:
        containers = engine.portal_containers()
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach container engine at %s: %s", args.socket, exc)
        return 1
    if not containers:
        log.warning("no containers labelled %s", LABEL)
        return 0
    restarted = 0
    for c in containers:
        name = c["Names"][0].lstrip("/")
        info = engine.inspect(c["Id"])
        reason = needs_restart(info)
        if not reason:
            log.debug("%s ok", name)
            continue
        log.warning("%s is %s", name, reason)
        args.incidents.mkdir(exist_ok=True)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        (args.incidents / f"{name}-{stamp}.log").write_text(strip_frames(engine.logs(c["Id"])))
        if args.dry_run:
            continue
        try:
            engine.restart(c["Id"])
            restarted += 1
            log.info("restarted %s", name)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
    log.info("%d container(s) checked, %d restarted", len(containers), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
