#!/usr/bin/env python3
"""Launch (or relaunch) freqtrade bot containers from bots.toml.

Talks to the local Docker Engine API directly so the host only needs Python,
not the docker CLI or the docker SDK.  Each [bots.<name>] table gives the
image tag, strategy and config file; user_data is mounted from ./bots/<name>.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import tomllib
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("bot-launcher")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")

    def find(self, name):
        filters = quote(json.dumps({"name": [f"^/{name}$"]}))
        found = self.call("GET", f"/containers/json?all=1&filters={filters}")
        return found[0] if found else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={quote(name)}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(name, bot, root):
    user_data = (root / "bots" / name).resolve()
    user_data.mkdir(parents=True, exist_ok=True)
    cmd = ["trade", "--config", f"/freqtrade/user_data/{bot.get('config', 'config.json')}",
           "--strategy", bot["strategy"]]
    if bot.get("dry_run", True):
        cmd.append("--dry-run")
    port = str(bot.get("api_port", 8080))
    return {
        "Image": bot.get("image", "freqtradeorg/freqtrade:stable"),
        "Cmd": cmd,
        "Env": [f"{k}={v}" for k, v in bot.get("env", {}).items()],
        "Labels": {"desk.bot": name},
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": [f"{user_data}:/freqtrade/user_data"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": port}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m", "max-file": "3"}},
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bots", nargs="*", help="bot names (default: all)")
    ap.add_argument("--config", default="bots.toml")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.config).resolve().parent
    with open(args.config, "rb") as fh:
        bots = tomllib.load(fh).get("bots", {})
    names = args.bots or sorted(bots)
    engine = Engine(DOCKER_SOCK)

    rc = 0
    for name in names:
        if name not in bots:
            log.error("%s: not in %s", name, args.config)
            rc = 1
            continue
        spec = container_spec(name, bots[name], root)
        try:
            if not args.no_pull:
                engine.pull(spec["Image"])
            existing = engine.find(f"ft-{name}")
            if existing:
                log.info("%s: replacing %s", name, existing["Id"][:12])
                engine.remove(existing["Id"])
            cid = engine.create(f"ft-{name}", spec)
            engine.start(cid)
            log.info("%s: started %s", name, cid[:12])
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("%s: %s", name, exc)
            rc = 2
    return rc


if __name__ == "__main__":
    sys.exit(main())
