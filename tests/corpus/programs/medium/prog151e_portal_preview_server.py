#!/usr/bin/env python3
"""Preview server for certificate-of-destruction templates.

Template authors run this on their laptop to see how a certificate looks
with real-ish data before the template goes to the client portal. It also
hands out short preview links that can be sent to a client for sign-off.
"""
import argparse
import json
import logging
import os
import random
import string

import requests
from flask import Flask, abort, request
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("preview")

TEMPLATE_DIR = os.environ.get("COD_TEMPLATES", "templates")
SAMPLE_FILE = "sample_certificates.json"
LOGO_SERVICE = "https://brand.example.com/api/logo"

app = Flask(__name__)
env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False)
links = {}


def load_samples():
    if not os.path.exists(SAMPLE_FILE):
        return [{"cert_no": "COD-0001", "client": "Example Ltd",
                 "weight_kg": 120.5, "method": "cross-cut P-4"}]
    with open(SAMPLE_FILE) as fh:
        return json.load(fh)


def fetch_logo(client):
    # brand service on the staging network uses a self-signed certificate
    try:
        r = requests.get(LOGO_SERVICE, params={"client": client},
                         timeout=5, verify=False)
        return r.json().get("url", "")
    except (requests.RequestException, ValueError):
        return ""


def new_link_token(length=10):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@app.route("/preview/<template>")
def preview(template):
    samples = load_samples()
    idx = int(request.args.get("i", 0))
    if idx >= len(samples):
        abort(404)
    cert = dict(samples[idx])
    # authors can override fields straight from the query string
    cert.update({k: v for k, v in request.args.items() if k != "i"})
    cert["logo"] = fetch_logo(cert.get("client", ""))
    return env.get_template(template).render(cert=cert)


@app.route("/share/<template>", methods=["POST"])
def share(template):
    token = new_link_token()
    links[token] = {"template": template, "i": request.form.get("i", "0")}
    log.info("share link %s -> %s", token, template)
    return {"link": f"/s/{token}"}


@app.route("/s/<token>")
def shared(token):
    entry = links.get(token)
    if not entry:
        abort(404)
    cert = load_samples()[int(entry["i"])]
    return env.get_template(entry["template"]).render(cert=cert)


@app.route("/")
def index():
    names = sorted(os.listdir(TEMPLATE_DIR)) if os.path.isdir(TEMPLATE_DIR) else []
    items = "".join(f'<li><a href="/preview/{n}">{n}</a></li>' for n in names)
    return f"<h1>Certificate templates</h1><ul>{items}</ul>"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
