#!/usr/bin/env python3
"""Audit the containerised CCTV analytics stack (people counting, ANPR,
crowd density) on the stadium edge server, and restart any container
that is unhealthy or has exited."""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("cctv-ct-audit")

ENGINE = {
    "sock": "/".join(["", "var", "run", "do" + "cker.sock"]),
    "api": "v1.41",
    "label": "stadium.role",
    "roles": ("analytics", "anpr", "density", "vms"),
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a unix socket, since the engine listens only locally."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.cfg = cfg

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"])
        try:
            url = "/%s%s" % (self.cfg["api"], path)
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        flt = json.dumps({"label": [self.cfg["label"]]})
        return self._call("GET", "/containers/json?all=1&filters=" + _q(flt))

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, wait=10):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, wait))


def _q(text):
    from urllib.parse import quote
    return quote(text, safe="")


def needs_restart(info):
    state = info.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return "status=%s" % state.get("Status")
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "health=unhealthy"
    return None


def audit(client, roles, fix):
    problems = 0
    for c in client.containers():
        name = c["Names"][0].lstrip("/")
        role = c.get("Labels", {}).get(ENGINE["label"], "?")
        if role not in roles:
            continue
        info = client.inspect(c["Id"])
        reason = needs_restart(info)
        if reason is None:
            log.info("%-28s %-10s ok", name, role)
            continue
        problems += 1
        log.warning("%-28s %-10s %s", name, role, reason)
        if fix:
            client.restart(c["Id"])
            time.sleep(2)
            after = needs_restart(client.inspect(c["Id"]))
            log.info("%s restarted -> %s", name, after or "ok")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fix", action="store_true", help="restart failing containers")
    ap.add_argument("--role", action="append", choices=ENGINE["roles"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient(ENGINE)
    try:
        n = audit(client, tuple(args.role or ENGINE["roles"]), args.fix)
    except (OSError, RuntimeError) as exc:
        log.error("engine not reachable: %s", exc)
        return 2
    log.info("%d container(s) need attention", n)
    return 1 if n and not args.fix else 0


if __name__ == "__main__":
    raise SystemExit(main())
