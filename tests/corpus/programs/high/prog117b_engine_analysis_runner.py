#!/usr/bin/env python3
"""Batch engine analysis of club games for the Monday post-mortem night.

Each PGN in the input folder is analysed by Stockfish running in a
throw-away container (the club image has Stockfish + a small annotate
script), with a memory and CPU cap so the club server stays usable.
Annotated PGNs land in the output folder.

Talks to the local Docker Engine API directly so it works on the club
server where the docker CLI and SDK are not installed for our account.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "ghcr.io/chessclub-tools/stockfish-annotate:16"

log = logging.getLogger("engine_runner")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=600)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def ensure_image(self, image: str) -> None:
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)

    def analyse(self, pgn: Path, out_dir: Path, depth: int, mem_mb: int) -> int:
        spec = {
            "Image": IMAGE,
            "Cmd": ["annotate", "--depth", str(depth), f"/games/{pgn.name}",
                    "--out", f"/out/{pgn.stem}.annotated.pgn"],
            "HostConfig": {
                "Binds": [f"{pgn.parent.resolve()}:/games:ro",
                          f"{out_dir.resolve()}:/out"],
                "Memory": mem_mb * 1024 * 1024,
                "NanoCpus": 2_000_000_000,
                "NetworkMode": "none",
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            code = result.get("StatusCode", -1)
            if code != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stderr=1&tail=20", raw=True)
                log.warning("%s failed:\n%s", pgn.name, logs.decode(errors="replace"))
            return code
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", type=Path, help="folder with PGN files")
    ap.add_argument("-o", "--out", type=Path, default=Path("annotated"))
    ap.add_argument("--depth", type=int, default=22)
    ap.add_argument("--mem", type=int, default=1024, help="MB per container")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    pgns = sorted(args.games.glob("*.pgn"))
    if not pgns:
        log.error("no PGN files in %s", args.games)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)

    engine = Engine(args.socket)
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable: %s", exc)
        return 1

    failed = 0
    for pgn in pgns:
        t0 = time.monotonic()
        if (args.out / f"{pgn.stem}.annotated.pgn").exists():
            log.info("%s already done", pgn.name)
            continue
        rc = engine.analyse(pgn, args.out, args.depth, args.mem)
        failed += rc != 0
        log.info("%s done in %.0fs (rc=%d)", pgn.name, time.monotonic() - t0, rc)
    log.info("%d of %d games analysed", len(pgns) - failed, len(pgns))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
