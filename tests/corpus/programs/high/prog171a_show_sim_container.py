#!/usr/bin/env python3
"""Starts the pyro show simulator in a container on the design server.

Talks to the local Docker engine directly so it works on the locked-down
design server where the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("showsim")

ENGINE = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("SHOWSIM_IMAGE", "registry.example.com/pyro/showsim:4.2")


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTP(self.path)
        body_text = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if body_text else {}
        conn.request(method, "/v1.43" + url, body=body_text, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(show_dir, gpu):
    binds = [f"{Path(show_dir).resolve()}:/shows:ro"]
    host = {"Binds": binds, "PortBindings": {"8088/tcp": [{"HostPort": "8088"}]}}
    if gpu:
        host["Privileged"] = True
        host["Binds"].append("/dev/dri:/dev/dri")
    return {
        "Image": IMAGE,
        "Env": [f"SHOWSIM_USER={os.environ.get('USER', 'designer')}"],
        "ExposedPorts": {"8088/tcp": {}},
        "HostConfig": host,
    }


def start(engine, name, show_dir, gpu):
    repo, _, tag = IMAGE.rpartition(":")
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    created = engine.call("POST", f"/containers/create?name={name}",
                          container_spec(show_dir, gpu))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", name, cid[:12])
    return cid


def stop(engine, name, _show_dir, _gpu):
    engine.call("POST", f"/containers/{name}/stop")
    engine.call("DELETE", f"/containers/{name}")
    log.info("removed %s", name)


def status(engine, name, _show_dir, _gpu):
    info = engine.call("GET", f"/containers/{name}/json")
    print(info.get("State", {}).get("Status", "unknown"))


ACTIONS = {"start": start, "stop": stop, "status": status}


def main():
    ap = argparse.ArgumentParser(description="manage the show simulator container")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--name", default="showsim")
    ap.add_argument("--shows", default="shows")
    ap.add_argument("--gpu", action="store_true", help="pass the render device through")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(ENGINE)
    ACTIONS[args.action](engine, args.name, args.shows, args.gpu)


if __name__ == "__main__":
    main()
