#!/usr/bin/env python3
"""Run (or restart) the society room-booking chat bot from a local checkout.

Reads deploy.json, builds the bot's environment from it and from the
current shell (BOT_TOKEN, ROOMS_API_KEY), stops any instance this script
started before (tracked in ./run/roombot.pid), starts the bot from the
project's virtualenv and waits for its /healthz endpoint to answer.

    booking_bot_local_run.py [--config deploy.json] [--venv .venv]
"""
import argparse
import http.client
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("localrun")

DEFAULTS = {
    "name": "roombot",
    "module": "roombot.app",
    "port": 8087,
    "health_path": "/healthz",
    "env": {"ROOMS_API": "https://rooms.su.example.ac.uk/api/v1", "LOG_LEVEL": "info"},
}
PASSTHROUGH = ("BOT_TOKEN", "ROOMS_API_KEY")
RUN_DIR = Path("run")


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if os.path.exists(path):
        with open(path) as fh:
            user = json.load(fh)
        cfg["env"].update(user.pop("env", {}))
        cfg.update(user)
    return cfg


def build_env(cfg):
    env = dict(os.environ)
    env.update(cfg["env"])
    for name in PASSTHROUGH:
        if not os.environ.get(name):
            raise SystemExit(f"{name} must be set in the environment")
    env["PORT"] = str(cfg["port"])
    return env


def wait_healthy(port, path, attempts=20):
    for i in range(attempts):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(min(2 + i, 6))
    return False


def stop_previous(pidfile):
    if not pidfile.exists():
        return
    try:
        pid = int(pidfile.read_text().strip())
        os.kill(pid, signal.SIGTERM)
        log.info("stopped previous instance (pid %d)", pid)
        for _ in range(20):
            os.kill(pid, 0)
            time.sleep(0.5)
    except (ValueError, ProcessLookupError):
        pass
    finally:
        pidfile.unlink(missing_ok=True)


def start(cfg, venv):
    RUN_DIR.mkdir(exist_ok=True)
    pidfile = RUN_DIR / f"{cfg['name']}.pid"
    stop_previous(pidfile)

    python = Path(venv) / "bin" / "python"
    if not python.exists():
        raise RuntimeError(f"no interpreter at {python}; create the venv first")
    logfile = open(RUN_DIR / f"{cfg['name']}.log", "ab")
    proc = subprocess.Popen(
        [str(python), "-m", cfg["module"], "--host", "127.0.0.1", "--port", str(cfg["port"])],
        env=build_env(cfg), stdout=logfile, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    pidfile.write_text(str(proc.pid))
    log.info("started %s (pid %d)", cfg["name"], proc.pid)
    return proc


def main():
    ap = argparse.ArgumentParser(description="run the room-booking bot locally")
    ap.add_argument("--config", default="deploy.json")
    ap.add_argument("--venv", default=".venv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    try:
        proc = start(cfg, args.venv)
    except (OSError, RuntimeError) as exc:
        log.error("start failed: %s", exc)
        return 1
    if not wait_healthy(cfg["port"], cfg["health_path"]):
        code = proc.poll()
        log.error("bot did not become healthy (exit code %s); see run/%s.log",
                  code, cfg["name"])
        return 1
    log.info("roombot is up on port %s", cfg["port"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
