#!/usr/bin/env python3
"""Refresh the *arr / Jellyfin containers when a newer image is available.

A tiny Watchtower replacement: talks to the Docker Engine API directly over
its unix socket, finds containers labelled homelab.autoupdate=true, pulls
their image tag and recreates the container if the image id changed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("refresher")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
LABEL = "homelab.autoupdate"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def request(self, method, path, body=None, params=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if params:
            url += "?" + urllib.parse.urlencode(params)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if stream:
            return [json.loads(line) for line in data.splitlines() if line.strip()]
        return json.loads(data) if data else None

    def containers(self):
        flt = json.dumps({"label": [f"{LABEL}=true"]})
        return self.request("GET", "/containers/json", params={"all": "true", "filters": flt})

    def inspect(self, cid):
        return self.request("GET", f"/containers/{cid}/json")

    def image_id(self, ref):
        return self.request("GET", f"/images/{urllib.parse.quote(ref, safe='')}/json")["Id"]

    def pull(self, ref):
        repo, _, tag = ref.rpartition(":") if ":" in ref.split("/")[-1] else (ref, "", "latest")
        return self.request("POST", "/images/create", params={"fromImage": repo, "tag": tag}, stream=True)

    def recreate(self, info, new_image):
        name = info["Name"].lstrip("/")
        cfg = dict(info["Config"])
        cfg["Image"] = new_image
        cfg["HostConfig"] = info["HostConfig"]
        nets = info.get("NetworkSettings", {}).get("Networks", {})
        cfg["NetworkingConfig"] = {"EndpointsConfig": {
            n: {"Aliases": v.get("Aliases")} for n, v in nets.items()}}
        self.request("POST", f"/containers/{info['Id']}/stop", params={"t": 20})
        self.request("POST", f"/containers/{info['Id']}/rename", params={"name": f"{name}-old"})
        created = self.request("POST", "/containers/create", body=cfg, params={"name": name})
        try:
            self.request("POST", f"/containers/{created['Id']}/start")
        except RuntimeError:
            LOG.error("%s failed to start, rolling back", name)
            self.request("DELETE", f"/containers/{created['Id']}", params={"force": "true"})
            self.request("POST", f"/containers/{info['Id']}/rename", params={"name": name})
            self.request("POST", f"/containers/{info['Id']}/start")
            raise
        self.request("DELETE", f"/containers/{info['Id']}")
        return created["Id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", nargs="*", help="container names to consider")
    ap.add_argument("--prune", action="store_true", help="remove dangling images afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        containers = engine.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot talk to docker at %s: %s", args.socket, exc)
        return 1

    updated = 0
    for c in containers:
        name = c["Names"][0].lstrip("/")
        if args.only and name not in args.only:
            continue
        info = engine.inspect(c["Id"])
        ref = info["Config"]["Image"]
        before = info["Image"]
        LOG.info("%s: pulling %s", name, ref)
        engine.pull(ref)
        after = engine.image_id(ref)
        if after == before:
            LOG.info("%s: up to date", name)
            continue
        if args.dry_run:
            LOG.info("%s: would recreate (%s -> %s)", name, before[:19], after[:19])
            continue
        engine.recreate(info, ref)
        updated += 1
        LOG.info("%s: recreated", name)
        time.sleep(3)

    if args.prune and not args.dry_run:
        engine.request("POST", "/images/prune", params={"filters": json.dumps({"dangling": ["true"]})})
    LOG.info("%d container(s) updated", updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
