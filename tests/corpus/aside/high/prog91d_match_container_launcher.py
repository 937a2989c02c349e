#!/usr/bin/env python3
"""Launch containerised match servers for the current bracket round.

Reads round.json (written by the bracket sync) and starts one game server
container per scheduled match, named after the match id, using the image and
resource limits from launcher.json. Talks to the local Docker Engine API
directly so the kiosk images do not need the docker CLI or SDK.

    match_container_launcher.py --round ub-r2
    match_container_launcher.py --round ub-r2 --stop
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("match-launcher")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{url}", body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None


def container_spec(match, cfg):
    port = int(match["port"])
    env = [f"MATCH_ID={match['id']}", f"TEAM1={match['team1']}", f"TEAM2={match['team2']}",
           f"SRCDS_PORT={port}", f"TV_PORT={port + 5}", f"MAPLIST={','.join(match['maps'])}"]
    host_config = {
        "NetworkMode": "host",
        "CpusetCpus": match.get("cpus", cfg.get("default_cpus", "")),
        "Memory": cfg.get("memory_bytes", 4 * 1024 ** 3),
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": [f"{Path(cfg['demo_dir']).resolve()}/{match['id']}:/home/steam/demos"],
        "Ulimits": [{"Name": "rtprio", "Soft": 99, "Hard": 99}],
    }
    # realtime scheduling and raw net tuning for tick stability
    host_config.update(cfg.get("host_overrides", {"Privileged": True}))
    return {
        "Image": cfg["image"],
        "Env": env,
        "Labels": {"lan.match": match["id"], "lan.round": match["round"]},
        "HostConfig": host_config,
    }


def start_round(engine, round_id, matches, cfg):
    for m in matches:
        name = f"match-{m['id']}"
        try:
            created = engine.call("POST", f"/containers/create?name={name}", container_spec(m, cfg))
            engine.call("POST", f"/containers/{created['Id']}/start")
            log.info("started %s on port %s", name, m["port"])
        except RuntimeError as exc:
            if "409" in str(exc):
                log.info("%s already exists, skipping", name)
            else:
                log.error("could not start %s: %s", name, exc)


def stop_round(engine, round_id):
    flt = json.dumps({"label": [f"lan.round={round_id}"]})
    from urllib.parse import quote
    for c in engine.call("GET", f"/containers/json?all=1&filters={quote(flt)}") or []:
        engine.call("POST", f"/containers/{c['Id']}/stop?t=20")
        engine.call("DELETE", f"/containers/{c['Id']}")
        log.info("removed %s", c["Names"][0].lstrip("/"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--round", required=True)
    ap.add_argument("--schedule", default="round.json", type=Path)
    ap.add_argument("--config", default="launcher.json", type=Path)
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    if args.stop:
        stop_round(engine, args.round)
        return 0
    try:
        cfg = json.loads(args.config.read_text())
        matches = [m for m in json.loads(args.schedule.read_text()) if m["round"] == args.round]
    except (OSError, ValueError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 1
    if not matches:
        log.warning("no matches scheduled for %s", args.round)
        return 0
    start_round(engine, args.round, matches, cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
