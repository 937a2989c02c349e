#!/usr/bin/env python3
"""Container inventory API: a read-only FastAPI front for the local Docker
engine so the dashboard can show which containers run on this host."""
import http.client
import json
import logging
import os
import socket
from typing import Any

import uvicorn
from fastapi import FastAPI, HTTPException

log = logging.getLogger("inventory")
ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a Unix domain socket instead of TCP."""

    def __init__(self, sock_path: str, timeout: float = 5.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine_get(path: str) -> Any:
    conn = UnixHTTPConnection(ENGINE_SOCK)
    try:
        conn.request("GET", f"/{API_VERSION}{path}")
        resp = conn.getresponse()
        body = resp.read()
    except (OSError, http.client.HTTPException) as exc:
        log.error("engine unreachable: %s", exc)
        raise HTTPException(status_code=503, detail="engine unreachable")
    finally:
        conn.close()
    if resp.status >= 400:
        raise HTTPException(status_code=resp.status, detail=body.decode()[:200])
    return json.loads(body)


def summarize(c: dict) -> dict:
    return {
        "id": c["Id"][:12],
        "name": (c.get("Names") or ["?"])[0].lstrip("/"),
        "image": c.get("Image"),
        "state": c.get("State"),
        "status": c.get("Status"),
        "ports": [f'{p.get("PublicPort", "")}->{p["PrivatePort"]}/{p["Type"]}'
                  for p in c.get("Ports", [])],
    }


app = FastAPI(title="container-inventory")


@app.get("/containers")
def containers(all: bool = False):
    raw = engine_get(f"/containers/json?all={'1' if all else '0'}")
    return [summarize(c) for c in raw]


@app.get("/containers/{cid}")
def container(cid: str):
    if not cid.isalnum():
        raise HTTPException(status_code=400, detail="bad id")
    info = engine_get(f"/containers/{cid}/json")
    return {"id": info["Id"][:12], "image": info["Config"]["Image"],
            "started": info["State"].get("StartedAt"),
            "restarts": info.get("RestartCount", 0)}


@app.get("/engine")
def engine():
    v = engine_get("/version")
    return {"version": v.get("Version"), "api": v.get("ApiVersion"),
            "os": v.get("Os"), "arch": v.get("Arch")}


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    uvicorn.run(app, host="127.0.0.1", port=int(os.environ.get("PORT", "8490")))
