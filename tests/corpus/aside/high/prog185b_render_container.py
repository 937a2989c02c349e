#!/usr/bin/env python3
"""Offline render container launcher.

Starts the headless render image (Ardour + plugins in a container) on
the render box so long bounces run without tying up a DAW seat. The
container needs the host's sound devices and realtime scheduling, so
it is started through the Docker Engine API directly.
"""
import argparse
import http.client
import json
import logging
import os
import pathlib
import socket

log = logging.getLogger("render_container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/studio/ardour-render:8.4")
PROJECTS = pathlib.Path(os.environ.get("RENDER_PROJECTS", "/srv/studio/render_queue"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(project, threads):
    return {
        "Image": IMAGE,
        "Cmd": ["ardour-render", "--threads", str(threads), f"/projects/{project}"],
        "Env": [f"RENDER_THREADS={threads}"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{PROJECTS}:/projects", "/dev/snd:/dev/snd"],
            "CapAdd": ["SYS_NICE", "IPC_LOCK"],
            "Ulimits": [{"Name": "rtprio", "Soft": 95, "Hard": 95}],
            "AutoRemove": True,
        },
    }


def launch(engine, project, threads):
    name = f"render-{project.replace(' ', '_').lower()}"
    created = engine.call("POST", f"/containers/create?name={name}",
                          container_spec(project, threads))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", name, cid[:12])
    return cid


def main():
    parser = argparse.ArgumentParser(description="Launch a headless render container")
    parser.add_argument("projects", nargs="*", help="project folders under the render queue")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 4)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    queue = sorted(p.name for p in PROJECTS.iterdir() if p.is_dir()) if PROJECTS.is_dir() else []
    if args.list:
        for name in queue:
            print(name)
        return

    engine = Engine(DOCKER_SOCK)
    targets = args.projects or queue
    if not targets:
        log.info("render queue empty")
        return
    for project in targets:
        try:
            launch(engine, project, args.threads)
        except (RuntimeError, OSError) as exc:
            log.error("could not start render for %s: %s", project, exc)


if __name__ == "__main__":
    main()
