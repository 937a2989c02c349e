#!/usr/bin/env python3
"""Refresh the container base images used for package builds.

For every image in base-images.toml, pull the newest tag from the registry
through the local Docker Engine API, compare the digest with the one we built
on last time and, if it moved, retag it as <name>:build-base so the next
package build picks it up.  State is kept in .base-image-state.json.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import tomllib
import urllib.parse
from pathlib import Path

log = logging.getLogger("base-refresh")

STATE = Path(".base-image-state.json")
API_VERSION = "v1.43"


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
    def __init__(self, host=None):
        host = host or os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        if not host.startswith("unix://"):
            raise ValueError(f"only unix sockets are supported, got {host}")
        self.path = host[len("unix://"):]

    def call(self, method, endpoint, params=None, stream=False):
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        conn = UnixHTTPConnection(self.path)
        conn.request(method, f"/{API_VERSION}{endpoint}{query}",
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        if resp.status >= 400:
            body = resp.read().decode(errors="replace")
            conn.close()
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {body.strip()}")
        if stream:
            return conn, resp
        data = resp.read()
        conn.close()
        return json.loads(data) if data else None

    def pull(self, image, tag):
        conn, resp = self.call("POST", "/images/create",
                               {"fromImage": image, "tag": tag}, stream=True)
        try:
            for raw in resp:
                msg = json.loads(raw)
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                if msg.get("status", "").startswith(("Digest", "Status")):
                    log.info("%s:%s %s", image, tag, msg["status"])
        finally:
            conn.close()

    def inspect(self, ref):
        return self.call("GET", f"/images/{urllib.parse.quote(ref, '')}/json")

    def tag(self, ref, repo, tag):
        self.call("POST", f"/images/{urllib.parse.quote(ref, '')}/tag",
                  {"repo": repo, "tag": tag})


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    STATE.write_text(json.dumps(state, indent=2, sort_keys=True))


def refresh(engine, name, spec, state, force):
    image, tag = spec["image"], spec.get("tag", "latest")
    ref = f"{image}:{tag}"
    engine.pull(image, tag)
    info = engine.inspect(ref)
    digest = (info.get("RepoDigests") or [info["Id"]])[0]
    if not force and state.get(name) == digest:
        log.info("%s unchanged (%s)", name, digest)
        return False
    engine.tag(ref, name, "build-base")
    state[name] = digest
    log.info("%s -> %s:build-base (%s)", ref, name, digest)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="base-images.toml")
    ap.add_argument("--only", action="append", help="refresh just these names")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config, "rb") as fh:
        images = tomllib.load(fh).get("images", {})
    engine = Engine()
    state = load_state()
    changed, errors = 0, 0
    for name, spec in images.items():
        if args.only and name not in args.only:
            continue
        try:
            changed += refresh(engine, name, spec, state, args.force)
        except (RuntimeError, OSError, KeyError) as exc:
            log.error("%s: %s", name, exc)
            errors += 1
    save_state(state)
    log.info("%d image(s) changed, %d error(s)", changed, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
