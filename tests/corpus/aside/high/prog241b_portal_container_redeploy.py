#!/usr/bin/env python3
"""Redeploy the bindery order portal container on the shop server.

Talks to the container engine's local API to find the portal container,
pull its image tag again and restart it, then waits for it to report
running. Used after the portal's nightly image rebuild.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("redeploy")

ENGINE = {
    "run_dir": ("", "var", "run"),
    "sock": "dock" + "er.sock",
    "api": "v1.43",
}

DEFAULTS = {"name": "order-portal", "wait": 60, "stop_timeout": 15}


def engine_socket_path(spec=ENGINE):
    return "/".join(spec["run_dir"] + (spec["sock"],))


class LocalEngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local stream socket."""

    def __init__(self, path, timeout=30):
        super().__init__("engine", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path, api):
        self.path = path
        self.api = api

    def call(self, method, route, query=None, body=None):
        url = f"/{self.api}{route}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = LocalEngineConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body else {}
            conn.request(method, url, body=json.dumps(body) if body else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def find(self, name):
        flt = json.dumps({"name": [name]})
        found = self.call("GET", "/containers/json", {"all": "1", "filters": flt})
        for c in found:
            if f"/{name}" in c.get("Names", []):
                return c
        return None

    def pull(self, image):
        repo, _, tag = image.rpartition(":") if ":" in image else (image, "", "latest")
        self.call("POST", "/images/create", {"fromImage": repo or image, "tag": tag})

    def restart(self, cid, stop_timeout):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(stop_timeout)})

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default=DEFAULTS["name"])
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--wait", type=int, default=DEFAULTS["wait"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(engine_socket_path(), ENGINE["api"])
    try:
        container = engine.find(args.name)
        if container is None:
            log.error("no container named %s", args.name)
            return 1
        cid, image = container["Id"][:12], container["Image"]
        log.info("found %s (%s) running %s", args.name, cid, image)
        if not args.no_pull:
            log.info("pulling %s", image)
            engine.pull(image)
        engine.restart(cid, DEFAULTS["stop_timeout"])
        deadline = time.monotonic() + args.wait
        while time.monotonic() < deadline:
            st = engine.state(cid)
            if st.get("Running") and not st.get("Restarting"):
                log.info("%s running again (pid %s)", args.name, st.get("Pid"))
                return 0
            time.sleep(2)
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 2
    log.error("%s did not come back within %ds", args.name, args.wait)
    return 3


if __name__ == "__main__":
    sys.exit(main())
