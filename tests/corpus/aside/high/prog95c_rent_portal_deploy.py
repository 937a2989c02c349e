#!/usr/bin/env python3
"""Deploy the plot-rent payment portal container on the committee server.

Pulls the requested image tag, stops the old ``rent-portal`` container and
starts the new one with the society's settings from deploy.json.  Talks to
the Docker Engine API directly so the committee server doesn't need the
docker CLI or SDK installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("deploy")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
NAME = "rent-portal"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300].decode(errors='replace')}")
        # image pulls stream newline-delimited JSON; keep the last object
        text = data.decode(errors="replace").strip()
        if not text:
            return {}
        return json.loads(text.splitlines()[-1])

    def pull(self, image, tag):
        log.info("pulling %s:%s", image, tag)
        return self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def remove(self, name):
        try:
            self.call("POST", f"/containers/{name}/stop?t=20")
        except RuntimeError as exc:
            log.debug("stop: %s", exc)
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError as exc:
            log.debug("remove: %s", exc)

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def container_spec(cfg, image):
    port = str(cfg.get("port", 8000))
    return {
        "Image": image,
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": port}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{Path(cfg.get('data_dir', 'portal-data')).resolve()}:/app/data"],
            # receipt printer on the treasurer's desk is passed through as a USB device
            "Privileged": bool(cfg.get("usb_printer", True)),
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tag", help="image tag to deploy, e.g. 2024.05.1")
    ap.add_argument("-c", "--config", default="deploy.json")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    image = cfg.get("image", "ghcr.io/oakridge-allotments/rent-portal")
    engine = Engine(args.socket)

    try:
        engine.pull(image, args.tag)
        engine.remove(NAME)
        cid = engine.run(NAME, container_spec(cfg, f"{image}:{args.tag}"))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    time.sleep(3)
    state = engine.call("GET", f"/containers/{cid}/json").get("State", {})
    if not state.get("Running"):
        log.error("container exited: %s", state.get("Error") or state.get("ExitCode"))
        return 1
    log.info("%s running as %s", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
