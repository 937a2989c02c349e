#!/usr/bin/env python3
"""mc_docker_launcher - spin up a Minecraft server container per world.

Talks to the local Docker Engine API directly (no docker CLI or SDK needed,
handy on Steam Deck / immutable distros) and runs itzg/minecraft-server with
the world directory mounted. Worlds are described in worlds.toml.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("mc-docker")

IMAGE = "itzg/minecraft-server"
LABEL = "io.mcdocker.world"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, host):
        self.sock_path = host.replace("unix://", "")

    def call(self, method, path, body=None, stream=False):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data else None

    def pull(self, image, tag):
        resp = self.call("POST", f"/images/create?fromImage={image}&tag={tag}", stream=True)
        for line in resp:
            status = json.loads(line).get("status", "")
            if status.startswith(("Status", "Digest")):
                log.info("%s", status)

    def find(self, world):
        flt = json.dumps({"label": [f"{LABEL}={world}"]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")


def container_spec(name, world):
    port = f"{world.get('port', 25565)}/tcp"
    env = {"EULA": "TRUE", "TYPE": world.get("type", "PAPER"), "VERSION": world.get("version", "LATEST"),
           "MEMORY": world.get("memory", "4G"), "MOTD": world.get("motd", name)}
    if world.get("modpack"):
        env["MODRINTH_MODPACK"] = world["modpack"]
    return {
        "Image": f"{IMAGE}:{world.get('tag', 'latest')}",
        "Env": [f"{k}={v}" for k, v in env.items()],
        "Labels": {LABEL: name},
        "ExposedPorts": {port: {}},
        "HostConfig": {
            "Binds": [f"{os.path.abspath(os.path.expanduser(world['data']))}:/data"],
            "PortBindings": {port: [{"HostPort": str(world.get("port", 25565))}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def up(engine, name, world):
    existing = engine.find(name)
    if existing:
        cid = existing[0]["Id"]
        if existing[0]["State"] == "running":
            log.info("%s already running (%s)", name, cid[:12])
            return cid
    else:
        engine.pull(IMAGE, world.get("tag", "latest"))
        os.makedirs(os.path.expanduser(world["data"]), exist_ok=True)
        cid = engine.call("POST", f"/containers/create?name=mc-{name}", container_spec(name, world))["Id"]
        log.info("created %s", cid[:12])
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s on port %s", name, world.get("port", 25565))
    return cid


def down(engine, name):
    for c in engine.find(name):
        log.info("stopping %s", c["Id"][:12])
        engine.call("POST", f"/containers/{c['Id']}/stop?t=60")


def main():
    ap = argparse.ArgumentParser(description="Run Minecraft worlds in containers")
    ap.add_argument("action", choices=["up", "down", "list"])
    ap.add_argument("world", nargs="?")
    ap.add_argument("-f", "--file", default="worlds.toml")
    ap.add_argument("--host", default=os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.file, "rb") as fh:
        worlds = tomllib.load(fh).get("world", {})
    engine = Engine(args.host)
    try:
        if args.action == "list":
            for name in worlds:
                state = engine.find(name)
                print(f"{name:20} {state[0]['State'] if state else 'absent'}")
            return 0
        targets = [args.world] if args.world else list(worlds)
        for name in targets:
            if name not in worlds:
                log.error("unknown world %s", name)
                return 2
            if args.action == "up":
                up(engine, name, worlds[name])
                time.sleep(1)
            else:
                down(engine, name)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
