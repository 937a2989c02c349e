#!/usr/bin/env python3
"""Start the room-acoustics renderer in a container.

The renderer simulates how a planned organ will sound in a church nave.
It needs the sound card and GPU of the workstation, so it is started
through the local container engine with device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("render")

IMAGE = os.environ.get("RENDER_IMAGE", "registry.organworks.example/acoustics/renderer:2.4")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

    def __init__(self, socket_path):
        super().__init__("localhost", timeout=60)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.socket_path)
        self.sock = sock


def engine_socket():
    parts = ("var", "run", "do" + "cker.sock")
    return os.environ.get("ENGINE_SOCKET", "/" + "/".join(parts))


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        encoded = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if encoded else {}
        conn.request(method, url, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def __getattr__(self, verb):
        return lambda url, body=None: self.call(verb.upper(), url, body)


def container_spec(project_dir, extra_privileges):
    host_config = {
        "Binds": [f"{project_dir}:/work"],
        "Devices": [{"PathOnHost": "/dev/snd", "PathInContainer": "/dev/snd",
                     "CgroupPermissions": "rwm"}],
        "AutoRemove": True,
    }
    if extra_privileges:
        host_config["Privileged"] = True
        host_config["Binds"].append("/dev:/dev")
    return {
        "Image": IMAGE,
        "Cmd": ["render", "--project", "/work/project.toml", "--out", "/work/out"],
        "Env": [f"RENDER_THREADS={os.cpu_count() or 4}"],
        "HostConfig": host_config,
    }


def start(engine, project_dir, extra_privileges, name):
    spec = container_spec(project_dir, extra_privileges)
    created = engine.post(f"/containers/create?name={name}", spec)
    cid = created["Id"]
    engine.post(f"/containers/{cid}/start")
    log.info("started %s (%s)", name, cid[:12])
    return cid


def wait(engine, cid):
    result = engine.post(f"/containers/{cid}/wait")
    return result.get("StatusCode", -1)


def main(argv=None):
    parser = argparse.ArgumentParser(description="run the acoustics renderer")
    parser.add_argument("project", help="project directory with project.toml")
    parser.add_argument("--name", default="acoustic-render")
    parser.add_argument("--full-device-access", action="store_true",
                        help="needed for the GPU on older workstations")
    parser.add_argument("--no-wait", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(engine_socket())
    project = os.path.abspath(args.project)
    cid = start(engine, project, args.full_device_access, args.name)
    if args.no_wait:
        return 0
    code = wait(engine, cid)
    log.info("renderer exited with %s", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
