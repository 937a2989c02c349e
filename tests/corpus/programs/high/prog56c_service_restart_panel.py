#!/usr/bin/env python3
"""On-call restart panel: lets authenticated staff restart one of a fixed
set of web-tier services from the browser instead of SSHing in."""
import argparse
import hmac
import logging
import os
import subprocess
import time

from flask import Flask, abort, jsonify, request

log = logging.getLogger("restart-panel")
app = Flask(__name__)

# Only these units may be touched; names never come from the request body.
MANAGED_UNITS = {
    "web": "nginx.service",
    "app": "gunicorn-shop.service",
    "cache": "redis-server.service",
    "worker": "celery-shop.service",
}
COOLDOWN_S = 60
_last_restart = {}


def check_token():
    expected = os.environ.get("PANEL_TOKEN", "")
    supplied = request.headers.get("X-Panel-Token", "")
    if not expected or not hmac.compare_digest(expected, supplied):
        abort(401)


def systemctl(action, unit):
    argv = ["sudo", "-n", "systemctl", action, unit]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return proc.returncode, (proc.stdout + proc.stderr).strip()


@app.get("/units")
def units():
    check_token()
    out = {}
    for key, unit in MANAGED_UNITS.items():
        rc = subprocess.run(["systemctl", "is-active", "--quiet", unit]).returncode
        out[key] = {"unit": unit, "active": rc == 0}
    return jsonify(out)


@app.post("/units/<key>/restart")
def restart(key):
    check_token()
    unit = MANAGED_UNITS.get(key)
    if unit is None:
        abort(404)
    now = time.monotonic()
    if now - _last_restart.get(key, 0) < COOLDOWN_S:
        return jsonify({"error": "cooldown"}), 429
    _last_restart[key] = now
    who = request.headers.get("X-Forwarded-User", "unknown")
    log.warning("%s restarting %s", who, unit)
    rc, output = systemctl("restart", unit)
    if rc != 0:
        log.error("restart of %s failed: %s", unit, output)
        return jsonify({"unit": unit, "ok": False, "output": output}), 500
    return jsonify({"unit": unit, "ok": True})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8182)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if "PANEL_TOKEN" not in os.environ:
        raise SystemExit("PANEL_TOKEN must be set")
    app.run(host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
