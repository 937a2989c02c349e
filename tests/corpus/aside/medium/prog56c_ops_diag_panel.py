#!/usr/bin/env python3
"""Ops diagnostics panel: exposes a fixed menu of read-only diagnostic
commands over HTTP so on-call staff can check a box from the browser."""
import argparse
import logging
import shutil
import subprocess
import time

from flask import Flask, abort, jsonify

log = logging.getLogger("diag-panel")
app = Flask(__name__)

# name -> argv; nothing here takes user input
DIAGNOSTICS = {
    "uptime": ["uptime"],
    "disk": ["df", "-h", "--output=source,size,used,avail,pcent,target"],
    "memory": ["free", "-m"],
    "sockets": ["ss", "-tln"],
    "load": ["cat", "/proc/loadavg"],
    "who": ["who"],
}
CACHE_SECONDS = 5
_cache = {}


def run_diag(name):
    argv = DIAGNOSTICS[name]
    if shutil.which(argv[0]) is None:
        return {"name": name, "error": f"{argv[0]} not installed"}
    hit = _cache.get(name)
    if hit and time.monotonic() - hit[0] < CACHE_SECONDS:
        return hit[1]
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return {"name": name, "error": "timeout"}
    result = {
        "name": name,
        "rc": proc.returncode,
        "stdout": proc.stdout,
        "stderr": proc.stderr[-2000:],
        "ms": int((time.monotonic() - started) * 1000),
    }
    _cache[name] = (time.monotonic(), result)
    return result


@app.get("/")
def index():
    return jsonify({"diagnostics": sorted(DIAGNOSTICS)})


@app.get("/diag/<name>")
def diag(name):
    if name not in DIAGNOSTICS:
        abort(404)
    log.info("diag %s requested", name)
    return jsonify(run_diag(name))


@app.get("/diag")
def diag_all():
    return jsonify([run_diag(n) for n in sorted(DIAGNOSTICS)])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8181)
    ap.add_argument("--host", default="0.0.0.0",
                    help="listen address (default: all interfaces)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    log.info("diag panel on %s:%d", args.host, args.port)
    app.run(host=args.host, port=args.port, threaded=True)


if __name__ == "__main__":
    main()
