#!/usr/bin/env python3
"""Inspect running containers concurrently through the Docker Engine API.

Talks HTTP over the local Docker unix socket, lists running containers,
inspects each one from a ThreadPoolExecutor, and restarts the ones whose
health check reports "unhealthy" (only when --restart is given).
"""
import argparse
import http.client
import json
import logging
import socket
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"
log = logging.getLogger("ctr-health")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self) -> None:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def _call(self, method: str, path: str, body: Optional[dict] = None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def running(self) -> List[dict]:
        return self._call("GET", "/containers/json?filters=" + '{"status":["running"]}'.replace('"', "%22"))

    def inspect(self, cid: str) -> dict:
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, timeout: int = 10) -> None:
        self._call("POST", f"/containers/{cid}/restart?t={timeout}")


def health_of(api: DockerAPI, summary: dict) -> dict:
    cid = summary["Id"]
    info = api.inspect(cid)
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status", "none")
    last_log = ((state.get("Health") or {}).get("Log") or [{}])[-1]
    return {
        "id": cid[:12],
        "name": info.get("Name", "").lstrip("/"),
        "image": info.get("Config", {}).get("Image"),
        "health": health,
        "restart_count": info.get("RestartCount", 0),
        "last_output": (last_log.get("Output") or "").strip()[:120],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--restart", action="store_true", help="restart unhealthy containers")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    try:
        containers = api.running()
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker at %s: %s", args.socket, exc)
        return 2

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        reports = list(pool.map(lambda c: health_of(api, c), containers))

        unhealthy = [r for r in reports if r["health"] == "unhealthy"]
        if args.restart and unhealthy:
            futures = {pool.submit(api.restart, r["id"]): r for r in unhealthy}
            for fut, r in futures.items():
                try:
                    fut.result()
                    log.warning("restarted %s (%s)", r["name"], r["id"])
                except RuntimeError as exc:
                    log.error("restart of %s failed: %s", r["name"], exc)

    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        for r in sorted(reports, key=lambda r: r["name"]):
            print(f"{r['name']:<30} {r['health']:<10} restarts={r['restart_count']:<3} {r['image']}")
    return 1 if unhealthy else 0


if __name__ == "__main__":
    raise SystemExit(main())
