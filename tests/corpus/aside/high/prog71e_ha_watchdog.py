#!/usr/bin/env python3
"""ha_watchdog - restart the Home Assistant container when it stops answering.

Polls the HA REST API every --interval seconds.  After --failures
consecutive bad checks the container is restarted through the Docker engine
API and the watchdog backs off for a few minutes.

Needs HA_TOKEN (a long-lived access token) in the environment.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("ha_watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a unix domain socket instead of TCP."""

    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path, timeout=90)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def state(self, name):
        info = self._request("GET", f"/containers/{name}/json")
        return info["State"]

    def restart(self, name, grace=30):
        self._request("POST", f"/containers/{name}/restart?t={grace}")


def ha_alive(base_url, token, timeout):
    req = urllib.request.Request(
        base_url.rstrip("/") + "/api/",
        headers={"Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.load(resp).get("message") == "API running."
    except (urllib.error.URLError, socket.timeout, ValueError) as exc:
        log.debug("health check failed: %s", exc)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=os.environ.get("HA_URL", "http://127.0.0.1:8123"))
    ap.add_argument("--container", default="homeassistant")
    ap.add_argument("--docker-sock", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--failures", type=int, default=4)
    ap.add_argument("--cooldown", type=int, default=300)
    ap.add_argument("--once", action="store_true", help="check once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("HA_TOKEN")
    if not token:
        log.error("HA_TOKEN is not set")
        return 2

    engine = Engine(args.docker_sock)
    bad = 0
    while True:
        if ha_alive(args.url, token, timeout=10):
            if bad:
                log.info("Home Assistant is answering again")
            bad = 0
        else:
            bad += 1
            log.warning("Home Assistant not answering (%d/%d)", bad, args.failures)

        if bad >= args.failures:
            try:
                st = engine.state(args.container)
                log.warning("container %s is %s, restarting", args.container, st.get("Status"))
                engine.restart(args.container)
                log.info("restart requested, cooling down %ds", args.cooldown)
            except (OSError, RuntimeError, KeyError) as exc:
                log.error("could not restart %s: %s", args.container, exc)
            bad = 0
            if args.once:
                return 1
            time.sleep(args.cooldown)
            continue

        if args.once:
            return 0 if bad == 0 else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
