#!/usr/bin/env python3
"""Tiny web dashboard showing GPU utilisation on the current node.

Polls `nvidia-smi --query-gpu` (read-only query as the current user) and
serves the numbers as JSON and a small HTML table. Intended for quick
checks from a laptop over the cluster network.
"""
import subprocess
import threading
import time

from flask import Flask, jsonify

app = Flask(__name__)
FIELDS = ["index", "name", "utilization.gpu", "memory.used",
          "memory.total", "temperature.gpu", "power.draw"]
_latest = {"ts": 0, "gpus": []}
_lock = threading.Lock()


def query_gpus():
    out = subprocess.check_output(
        ["nvidia-smi", f"--query-gpu={','.join(FIELDS)}",
         "--format=csv,noheader,nounits"],
        text=True, timeout=10,
    )
    gpus = []
    for line in out.strip().splitlines():
        values = [v.strip() for v in line.split(",")]
        gpus.append(dict(zip(FIELDS, values)))
    return gpus


def query_processes():
    out = subprocess.check_output(
        ["nvidia-smi", "--query-compute-apps=pid,process_name,used_memory",
         "--format=csv,noheader,nounits"], text=True, timeout=10)
    return [dict(zip(["pid", "name", "mem_mib"],
                     [v.strip() for v in l.split(",")]))
            for l in out.strip().splitlines() if l.strip()]


def poller(interval=5):
    while True:
        try:
            gpus = query_gpus()
        except (subprocess.SubprocessError, FileNotFoundError):
            gpus = []
        with _lock:
            _latest["ts"] = time.time()
            _latest["gpus"] = gpus
        time.sleep(interval)


@app.route("/api/gpus")
def api_gpus():
    with _lock:
        return jsonify(_latest)


@app.route("/api/procs")
def api_procs():
    return jsonify(query_processes())


@app.route("/")
def index():
    with _lock:
        gpus = list(_latest["gpus"])
    rows = "".join(
        "<tr>" + "".join(f"<td>{g.get(f, '')}</td>" for f in FIELDS) + "</tr>"
        for g in gpus)
    head = "".join(f"<th>{f}</th>" for f in FIELDS)
    return (f"<html><head><meta http-equiv='refresh' content='5'></head>"
            f"<body><h2>GPU status</h2><table border=1><tr>{head}</tr>"
            f"{rows}</table></body></html>")


if __name__ == "__main__":
    threading.Thread(target=poller, daemon=True).start()
    app.run(host="0.0.0.0", port=8050, debug=True)
