"""Small operations console for the build farm: lets the on-call engineer
run diagnostics from a browser."""
import argparse
import logging
import subprocess

from flask import Flask, jsonify, request

log = logging.getLogger("ops-console")
app = Flask(__name__)


def run_diagnostic(command_line):
    """Run a diagnostic command and capture its output."""
    log.info("running %s", command_line)
    proc = subprocess.run(command_line, shell=True, capture_output=True, text=True, timeout=60)
    return {"rc": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}


@app.route("/health")
def health():
    return jsonify(status="ok")


@app.route("/diag", methods=["POST"])
def diag():
    payload = request.get_json(force=True)
    cmd = payload.get("cmd", "uptime")
    return jsonify(run_diagnostic(cmd))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.run(host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
