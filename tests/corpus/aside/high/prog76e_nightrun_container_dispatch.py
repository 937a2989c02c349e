#!/usr/bin/env python3
"""Night-run scheduler: dispatch observing blocks as pipeline containers.

Reads tonight's plan (plan.json), waits for each block's start time and runs
the block's reduction image with the block parameters, talking to the
container engine's API directly so no docker CLI is needed on the scheduler
host. Block results are recorded in nightrun_state.json.
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("nightrun")
STATE = Path("nightrun_state.json")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    api = "/v1.43"
    endpoint = os.environ.get("NIGHTRUN_ENGINE", "/var/run/docker.sock")

    def _call(self, method: str, path: str, body=None, timeout=60):
        conn = UnixHTTPConnection(self.endpoint, timeout=timeout)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.api + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run_block(self, block: dict, data_root: str) -> int:
        spec = {
            "Image": block["image"],
            "Cmd": ["reduce", "--block", block["id"], "--target", block["target"],
                    "--exptime", str(block.get("exptime", 60))],
            "Env": [f"NIGHTRUN_BLOCK={block['id']}"],
            "Labels": {"nightrun.block": block["id"]},
            "HostConfig": {
                "Binds": [f"{data_root}:/data"],
                "AutoRemove": False,
            },
        }
        created = self._call("POST", f"/containers/create?name=nr-{block['id']}", spec)
        cid = created["Id"]
        self._call("POST", f"/containers/{cid}/start")
        LOG.info("block %s started in %s", block["id"], cid[:12])
        result = self._call("POST", f"/containers/{cid}/wait",
                            timeout=block.get("timeout_s", 3600))
        self._call("DELETE", f"/containers/{cid}")
        return int(result.get("StatusCode", -1))


def load_state() -> dict:
    if STATE.exists():
        return json.loads(STATE.read_text())
    return {"done": {}}


def save_state(state: dict) -> None:
    tmp = STATE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE)


def wait_until(start_iso: str, slack_s: int) -> bool:
    start = dt.datetime.fromisoformat(start_iso)
    if start.tzinfo is None:
        start = start.replace(tzinfo=dt.timezone.utc)
    delay = (start - dt.datetime.now(dt.timezone.utc)).total_seconds()
    if delay < -slack_s:
        return False
    if delay > 0:
        LOG.info("waiting %.0f s until %s", delay, start_iso)
        time.sleep(delay)
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan", type=Path, nargs="?", default=Path("plan.json"))
    ap.add_argument("--data-root", default=os.path.abspath("data"))
    ap.add_argument("--slack", type=int, default=600,
                    help="seconds a block may start late before it is skipped")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    plan = json.loads(args.plan.read_text())
    state = load_state()
    engine = Engine()

    for block in sorted(plan["blocks"], key=lambda b: b["start"]):
        if block["id"] in state["done"]:
            continue
        if not wait_until(block["start"], args.slack):
            LOG.warning("block %s missed its window, skipping", block["id"])
            state["done"][block["id"]] = "skipped"
            save_state(state)
            continue
        try:
            rc = engine.run_block(block, args.data_root)
        except (OSError, RuntimeError) as exc:
            LOG.error("block %s failed to run: %s", block["id"], exc)
            rc = -1
        state["done"][block["id"]] = "ok" if rc == 0 else f"rc={rc}"
        save_state(state)
    LOG.info("night complete: %s", state["done"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
