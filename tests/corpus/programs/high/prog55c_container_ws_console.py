#!/usr/bin/env python3
"""Small websocket console for the dev stack's containers.

Listens on 127.0.0.1 only. Clients send JSON like {"op": "list"} or
{"op": "restart", "name": "api"}; the server talks to the Docker Engine
API over its UNIX socket with a tiny http.client adapter.
"""
import argparse
import asyncio
import http.client
import json
import logging
import socket

import websockets

DOCKER_SOCK = "/var/run/docker.sock"
ALLOWED_OPS = {"list", "restart", "stop", "start", "logs"}
log = logging.getLogger("ws-console")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


def docker_call(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"docker {resp.status}: {raw[:200]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(raw) if "json" in ctype and raw else raw.decode("utf-8", "replace")
    finally:
        conn.close()


def handle_op(msg, project):
    op = msg.get("op")
    if op not in ALLOWED_OPS:
        return {"error": f"unsupported op {op!r}"}
    if op == "list":
        flt = json.dumps({"label": [f"com.docker.compose.project={project}"]})
        rows = docker_call("GET", f"/containers/json?all=1&filters={flt}")
        return {"containers": [{"name": c["Names"][0].lstrip("/"), "state": c["State"],
                                "image": c["Image"]} for c in rows]}
    name = msg.get("name", "")
    if not name.replace("-", "").replace("_", "").isalnum():
        return {"error": "bad container name"}
    if op == "logs":
        text = docker_call("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail=50")
        return {"logs": text[-8000:]}
    docker_call("POST", f"/containers/{name}/{op}")
    return {"ok": True, "op": op, "name": name}


async def session(ws, project):
    peer = ws.remote_address
    log.info("client %s connected", peer)
    async for raw in ws:
        try:
            msg = json.loads(raw)
            reply = await asyncio.to_thread(handle_op, msg, project)
        except (ValueError, RuntimeError, OSError) as exc:
            reply = {"error": str(exc)}
        await ws.send(json.dumps(reply))
    log.info("client %s gone", peer)


async def serve(port, project):
    async with websockets.serve(lambda ws: session(ws, project), "127.0.0.1", port):
        log.info("listening on ws://127.0.0.1:%d (project %s)", port, project)
        await asyncio.Future()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--project", default="devstack")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(serve(args.port, args.project))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
