"""Tiny ops dashboard for the staging box.

Shows the state of the application services and lets on-call engineers
restart one of them from a browser.  Authentication is a shared bearer
token read from OPS_DASHBOARD_TOKEN.  Served on loopback only; reach it
through an SSH tunnel.
"""
import functools
import logging
import os
import subprocess
from datetime import datetime

from flask import Flask, abort, jsonify, render_template_string, request

MANAGED_UNITS = {
    "api": "acme-api.service",
    "worker": "acme-worker.service",
    "scheduler": "acme-scheduler.service",
    "nginx": "nginx.service",
}
SYSTEMCTL = "/usr/bin/systemctl"

log = logging.getLogger("ops-dashboard")
app = Flask(__name__)
audit = []

PAGE = """
<!doctype html>
<title>staging services</title>
<table>
  <tr><th>service</th><th>unit</th><th>state</th></tr>
  {% for name, unit, state in rows %}
  <tr><td>{{ name }}</td><td>{{ unit }}</td><td>{{ state }}</td></tr>
  {% endfor %}
</table>
"""


def require_token(view):
    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        expected = os.environ.get("OPS_DASHBOARD_TOKEN")
        supplied = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not expected or supplied != expected:
            abort(401)
        return view(*args, **kwargs)
    return wrapper


def unit_state(unit: str) -> str:
    proc = subprocess.run(
        [SYSTEMCTL, "is-active", unit],
        capture_output=True, text=True, timeout=10,
    )
    return proc.stdout.strip() or "unknown"


def restart_unit(unit: str) -> subprocess.CompletedProcess:
    # the dashboard runs as the unprivileged "ops" user; sudoers allows
    # exactly these restarts without a password
    return subprocess.run(
        ["sudo", "-n", SYSTEMCTL, "restart", unit],
        capture_output=True, text=True, timeout=60,
    )


@app.get("/")
@require_token
def index():
    rows = [(name, unit, unit_state(unit)) for name, unit in MANAGED_UNITS.items()]
    return render_template_string(PAGE, rows=rows)


@app.get("/api/services")
@require_token
def services():
    return jsonify({name: unit_state(unit) for name, unit in MANAGED_UNITS.items()})


@app.post("/api/services/<name>/restart")
@require_token
def restart(name):
    unit = MANAGED_UNITS.get(name)
    if unit is None:
        abort(404)
    who = request.headers.get("X-Operator", "unknown")
    log.warning("restart of %s requested by %s", unit, who)
    proc = restart_unit(unit)
    entry = {
        "at": datetime.utcnow().isoformat() + "Z",
        "operator": who,
        "unit": unit,
        "rc": proc.returncode,
        "stderr": proc.stderr.strip()[-500:],
    }
    audit.append(entry)
    if proc.returncode != 0:
        return jsonify(entry), 500
    entry["state"] = unit_state(unit)
    return jsonify(entry)


@app.get("/api/audit")
@require_token
def audit_log():
    return jsonify(audit[-100:])


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app.run(host="127.0.0.1", port=int(os.environ.get("OPS_PORT", "7070")))
