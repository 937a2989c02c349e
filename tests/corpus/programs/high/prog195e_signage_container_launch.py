#!/usr/bin/env python3
"""Digital signage player launcher.

Starts the menu-board / traffic-info player container on the signage PC by
talking to the local Docker engine directly (no docker CLI on these images).
"""
import argparse
import asyncio
import json
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("signage-launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
API = "/v1.43"


@dataclass
class PlayerSpec:
    image: str = os.environ.get("SIGNAGE_IMAGE", "registry.example.com/signage/player:5.2")
    name: str = "signage-player"
    screen: str = os.environ.get("SIGNAGE_SCREEN", "foodcourt-north")
    devices: list = field(default_factory=lambda: ["/dev/dri", "/dev/snd", "/dev/fb0"])

    def body(self) -> dict:
        return {
            "Image": self.image,
            "Env": [f"SCREEN_ID={self.screen}", "PLAYLIST_URL=https://cms.example.com/playlist"],
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": ["/run/udev:/run/udev:ro", "/var/cache/signage:/cache"],
                "Devices": [
                    {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                    for d in self.devices
                ],
            },
        }


class Engine:
    def __init__(self, path: str):
        self.path = path

    async def call(self, method: str, url: str, payload=None):
        reader, writer = await asyncio.open_unix_connection(self.path)
        body = json.dumps(payload).encode() if payload is not None else b""
        head = (
            f"{method} {API}{url} HTTP/1.1\r\nHost: engine\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        )
        writer.write(head.encode() + body)
        await writer.drain()
        raw = await reader.read()
        writer.close()
        status_line, _, rest = raw.partition(b"\r\n")
        status = int(status_line.split()[1])
        _, _, content = rest.partition(b"\r\n\r\n")
        return status, content


async def launch(spec: PlayerSpec, replace: bool):
    engine = Engine(ENGINE_SOCK)
    ops = {
        "remove": ("DELETE", f"/containers/{spec.name}?force=true", None),
        "pull": ("POST", f"/images/create?fromImage={spec.image}", None),
        "create": ("POST", f"/containers/create?name={spec.name}", spec.body()),
        "start": ("POST", f"/containers/{spec.name}/start", None),
    }
    order = (["remove"] if replace else []) + ["pull", "create", "start"]
    for op in order:
        method, url, payload = ops[op]
        status, content = await engine.call(method, url, payload)
        log.info("%s -> %s", op, status)
        if status >= 400 and op != "remove":
            log.error("engine said: %s", content[:300])
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description="Launch signage player container")
    parser.add_argument("--replace", action="store_true", help="remove existing player first")
    parser.add_argument("--screen", help="override screen id")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    spec = PlayerSpec()
    if args.screen:
        spec.screen = args.screen
    ok = asyncio.run(launch(spec, args.replace))
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
