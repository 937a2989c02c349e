#!/usr/bin/env python3
"""Compare the registries the Docker daemon uses with the logins the user has.

Asks the local Docker engine (over its unix socket, no docker CLI needed) for
its registry configuration and mirrors, then reads ~/.docker/config.json and
prints which of those registries have no stored login or credential helper.
Only the names of registries are compared; credentials are not decoded.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("mirror-login")
DEFAULT_SOCKET = "/var/run/docker.sock"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to the Docker engine over AF_UNIX."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine_get(sock_path, api_path):
    conn = EngineConnection(sock_path)
    try:
        conn.request("GET", api_path, headers={"Accept": "application/json"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"{api_path}: HTTP {resp.status}")
        return json.loads(body)
    finally:
        conn.close()


def daemon_registries(info):
    reg = info.get("RegistryConfig") or {}
    names = set(reg.get("IndexConfigs", {}).keys())
    for mirror in reg.get("Mirrors") or []:
        names.add(mirror.split("://", 1)[-1].rstrip("/"))
    index = info.get("IndexServerAddress")
    if index:
        names.add(index.split("://", 1)[-1].split("/", 1)[0])
    return names


def client_logins(config_dir):
    cfg_path = Path(config_dir) / "config.json"
    if not cfg_path.is_file():
        return set(), None
    cfg = json.loads(cfg_path.read_text())
    names = {k.split("://", 1)[-1].split("/", 1)[0] for k in (cfg.get("auths") or {})}
    names |= set((cfg.get("credHelpers") or {}).keys())
    return names, cfg.get("credsStore")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DEFAULT_SOCKET))
    ap.add_argument("--config-dir", default=os.environ.get("DOCKER_CONFIG", str(Path.home() / ".docker")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        info = engine_get(args.socket, "/v1.43/info")
    except (OSError, RuntimeError) as exc:
        log.error("cannot query docker engine at %s: %s", args.socket, exc)
        return 2

    wanted = daemon_registries(info)
    have, store = client_logins(args.config_dir)
    log.info("engine %s, %d registries configured", info.get("ServerVersion", "?"), len(wanted))
    missing = sorted(r for r in wanted if r not in have)
    for reg in sorted(wanted):
        state = "login" if reg in have else ("store:" + store if store else "MISSING")
        log.info("  %-40s %s", reg, state)
    if missing and not store:
        log.warning("%d registries have no credentials; run docker login", len(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
