#!/usr/bin/env python3
"""Start the quote-rendering workers on a branch office server.

Each branch runs a few containers of the quote renderer (PDF generation plus
direct printing to the label/receipt printer on the counter).  The branch
servers are small and do not have the docker CLI installed, so this talks to
the engine API directly.  Worker settings come from workers.toml.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

log = logging.getLogger("quote-workers")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw else None

    def running(self, prefix):
        flt = json.dumps({"name": [prefix]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?filters={quote(flt)}") or []

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(cfg, index):
    worker = cfg["worker"]
    env = [f"{k}={v}" for k, v in cfg.get("env", {}).items()]
    env.append(f"WORKER_INDEX={index}")
    host_config = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": [f"{worker.get('spool', '/srv/quotes/spool')}:/spool"],
        "Memory": int(worker.get("memory_mb", 512)) * 1024 * 1024,
        # the counter printer is a USB device whose node changes on replug
        "Privileged": worker.get("printer_access", True),
    }
    return {
        "Image": worker["image"],
        "Env": env,
        "Labels": {"com.harborhale.role": "quote-worker", "com.harborhale.branch": cfg["branch"]},
        "HostConfig": host_config,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="workers.toml")
    ap.add_argument("--count", type=int)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.config, "rb") as fh:
            cfg = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    engine = Engine(cfg.get("engine_socket", ENGINE_SOCK))
    want = args.count or int(cfg["worker"].get("count", 2))
    prefix = f"quote-worker-{cfg['branch']}"

    try:
        if not args.no_pull:
            log.info("pulling %s", cfg["worker"]["image"])
            engine.pull(cfg["worker"]["image"])
        have = {c["Names"][0].lstrip("/") for c in engine.running(prefix)}
        for i in range(want):
            name = f"{prefix}-{i}"
            if name in have:
                log.info("%s already running", name)
                continue
            for attempt in range(3):
                try:
                    cid = engine.create(name, container_spec(cfg, i))
                    engine.start(cid)
                    log.info("started %s (%s)", name, cid[:12])
                    break
                except RuntimeError as exc:
                    log.warning("%s attempt %d: %s", name, attempt + 1, exc)
                    time.sleep(2 ** attempt)
    except (OSError, KeyError) as exc:
        log.error("engine unavailable or config incomplete: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
