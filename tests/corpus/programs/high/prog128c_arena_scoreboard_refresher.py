#!/usr/bin/env python3
"""Push a new layout to the laser arena scoreboard and bounce its container.

The big screens in the arena lobby run the scoreboard web app in a container
("arena-scoreboard") on the lobby NUC. When the game master changes the team
colours, the game mode or the sponsor panel, this tool writes the new layout
into the bind-mounted config directory and restarts the container through the
Docker Engine API so the screens pick it up between rounds.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("scoreboard")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to the engine over its unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = quote(json.dumps({"name": [name]}))
        matches = self.call("GET", f"/containers/json?all=1&filters={flt}")
        for c in matches or []:
            if f"/{name}" in c.get("Names", []):
                return c
        raise LookupError(f"no container named {name}")

    def restart(self, cid, grace=5):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")

    def wait_healthy(self, cid, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            health = state.get("Health", {}).get("Status", "none")
            if state.get("Running") and health in ("healthy", "none"):
                return True
            time.sleep(2)
        return False


def write_layout(config_dir, args):
    layout_path = Path(config_dir) / "layout.json"
    layout = json.loads(layout_path.read_text()) if layout_path.exists() else {}
    if args.teams:
        layout["teams"] = [{"name": n, "colour": c} for n, c in
                           (t.split("=", 1) for t in args.teams)]
    if args.mode:
        layout["mode"] = args.mode
    if args.sponsor:
        layout["sponsor_panel"] = args.sponsor
    layout["revision"] = int(layout.get("revision", 0)) + 1
    tmp = layout_path.with_suffix(".json.new")
    tmp.write_text(json.dumps(layout, indent=2))
    tmp.replace(layout_path)
    return layout["revision"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--container", default="arena-scoreboard")
    ap.add_argument("--config-dir", default="scoreboard-config")
    ap.add_argument("--team", dest="teams", action="append", help="NAME=#hex, repeatable")
    ap.add_argument("--mode", choices=["team-deathmatch", "capture-base", "solo", "zombies"])
    ap.add_argument("--sponsor")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    rev = write_layout(args.config_dir, args)
    log.info("layout revision %d written", rev)
    if args.no_restart:
        return 0
    engine = Engine()
    try:
        box = engine.find(args.container)
        engine.restart(box["Id"])
        ok = engine.wait_healthy(box["Id"])
    except (OSError, RuntimeError, LookupError) as exc:
        log.error("could not restart scoreboard: %s", exc)
        return 1
    log.info("scoreboard %s", "back up" if ok else "restarted but not healthy yet")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
