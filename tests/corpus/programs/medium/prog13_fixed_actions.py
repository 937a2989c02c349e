"""Ops dashboard endpoint: restart or inspect a known service by name."""
import logging
import subprocess

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
log = logging.getLogger("actions")

ACTIONS = {
    "uptime": ["uptime"],
    "disk": ["df", "-h"],
    "workers": ["pgrep", "-a", "celery"],
}


@app.route("/action")
def action():
    name = request.args.get("name", "uptime")
    argv = ACTIONS.get(name)
    if argv is None:
        abort(404)
    log.info("action %s", name)
    out = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    return jsonify(name=name, rc=out.returncode, out=out.stdout)


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=5055)
