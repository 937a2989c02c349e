#!/usr/bin/env python3
"""Spin up per-team CTF challenge boxes by talking to the Docker Engine API.

No docker SDK on the scoring server, so this speaks HTTP straight over the
engine's UNIX socket.  The kernel-exploitation challenges need to load
their own eBPF programs, hence the containers run privileged.

    python3 ctf_box_spawner.py --teams 12 --image ctf/kernel-pwn:2024
    python3 ctf_box_spawner.py --teardown
"""
import argparse
import http.client
import json
import logging
import socket
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "ctf.event=winter-2024"
log = logging.getLogger("spawner")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


def engine(method: str, url: str, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def spawn(team: int, image: str, base_port: int) -> str:
    name = f"ctf-team{team:02d}"
    spec = {
        "Image": image,
        "Hostname": name,
        "Labels": {"ctf.event": "winter-2024", "ctf.team": str(team)},
        "Env": [f"TEAM_ID={team}"],
        "ExposedPorts": {"1337/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "PortBindings": {"1337/tcp": [{"HostPort": str(base_port + team)}]},
            "Memory": 512 * 1024 * 1024,
        },
    }
    created = engine("POST", f"/containers/create?name={name}", spec)
    engine("POST", f"/containers/{created['Id']}/start")
    return created["Id"][:12]


def teardown() -> int:
    flt = quote(json.dumps({"label": [LABEL]}))
    boxes = engine("GET", f"/containers/json?all=1&filters={flt}") or []
    for box in boxes:
        engine("DELETE", f"/containers/{box['Id']}?force=1")
        log.info("removed %s", box["Names"][0])
    return len(boxes)


def main() -> int:
    ap = argparse.ArgumentParser(description="CTF box spawner")
    ap.add_argument("--teams", type=int, default=0)
    ap.add_argument("--image", default="ctf/kernel-pwn:2024")
    ap.add_argument("--base-port", type=int, default=31000)
    ap.add_argument("--teardown", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.teardown:
            log.info("removed %d boxes", teardown())
            return 0
        for team in range(1, args.teams + 1):
            cid = spawn(team, args.image, args.base_port)
            log.info("team %02d -> %s on port %d", team, cid, args.base_port + team)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
