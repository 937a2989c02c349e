#!/usr/bin/env python3
"""Small preview server for the traders' newsletter.

Committee members open it from their laptops on the office network to read
the draft, see how it looks for a given stall, and download a PDF proof.
"""
import argparse
import logging
import os
import pickle
import subprocess
from pathlib import Path

from flask import Flask, Response, abort, request, send_file
from jinja2 import Environment, FileSystemLoader

TEMPLATE_DIR = Path("templates")
CACHE_FILE = Path("subscribers.cache")
PROOF_DIR = Path("proofs")

log = logging.getLogger("preview")
app = Flask(__name__)

# Newsletter drafts contain hand-written HTML snippets from the editors,
# so escaping is left off.
env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=False)


class SubscriberStore:
    """Subscriber list loaded from CSV once and cached between restarts."""

    def __init__(self, csv_path):
        self.csv_path = Path(csv_path)
        self.rows = self._load()

    def _load(self):
        if CACHE_FILE.exists() and CACHE_FILE.stat().st_mtime >= self.csv_path.stat().st_mtime:
            with CACHE_FILE.open("rb") as fh:
                return pickle.load(fh)
        rows = {}
        for line in self.csv_path.read_text(encoding="utf-8").splitlines()[1:]:
            parts = line.split(",")
            if len(parts) >= 3:
                rows[parts[0]] = {"id": parts[0], "stall": parts[1], "email": parts[2]}
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(rows, fh)
        return rows

    def get(self, stall_id):
        return self.rows.get(stall_id)


store = None


def render_draft(stall=None, note=""):
    template = env.get_template("newsletter.html")
    return template.render(stall=stall, note=note, issue=os.environ.get("ISSUE", "draft"))


@app.route("/")
def index():
    note = request.args.get("note", "")
    return render_draft(note=note)


@app.route("/stall/<stall_id>")
def for_stall(stall_id):
    stall = store.get(stall_id)
    if stall is None:
        abort(404)
    return render_draft(stall=stall, note=request.args.get("note", ""))


@app.route("/proof.pdf")
def proof():
    PROOF_DIR.mkdir(exist_ok=True)
    html_path = PROOF_DIR / "proof.html"
    pdf_path = PROOF_DIR / "proof.pdf"
    html_path.write_text(render_draft(), encoding="utf-8")
    # wkhtmltopdf is installed on the office PC; no shell involved.
    result = subprocess.run(
        ["wkhtmltopdf", "--quiet", str(html_path), str(pdf_path)],
        capture_output=True, text=True, timeout=60,
    )
    if result.returncode != 0:
        log.error("wkhtmltopdf failed: %s", result.stderr)
        return Response("PDF generation failed", status=500)
    return send_file(pdf_path, mimetype="application/pdf")


def main():
    global store
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--subscribers", default="subscribers.csv")
    parser.add_argument("--port", type=int, default=8050)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = SubscriberStore(args.subscribers)
    log.info("loaded %d subscribers", len(store.rows))
    # Reachable from the other office laptops; debug gives us live reload.
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
