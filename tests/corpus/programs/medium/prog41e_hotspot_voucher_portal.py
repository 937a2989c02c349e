#!/usr/bin/env python3
"""Hotspot splash page with voucher login (lab / staging build).

Guests enter a voucher code; on success their MAC is appended to
./spool/authorized.queue, which the gateway agent consumes separately.
Operators mint vouchers via /admin/mint.
"""
import argparse
import json
import logging
import random
import string
import time
from pathlib import Path

from flask import Flask, request, redirect
from jinja2 import Environment, DictLoader

SPOOL = Path("spool")
VOUCHERS = Path("vouchers.json")

TEMPLATES = {
    "splash.html": """<html><body>
<h1>Welcome to {{ venue }}</h1>
{% if error %}<p class="err">{{ error }}</p>{% endif %}
<form method="post" action="/login">
  <input name="code" placeholder="Voucher code">
  <input type="hidden" name="mac" value="{{ mac }}">
  <input type="hidden" name="next" value="{{ next_url }}">
  <button>Connect</button>
</form></body></html>""",
    "minted.html": "<ul>{% for v in codes %}<li>{{ v }}</li>{% endfor %}</ul>",
}

env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)
log = logging.getLogger("portal")


def load_vouchers() -> dict:
    return json.loads(VOUCHERS.read_text()) if VOUCHERS.exists() else {}


def save_vouchers(data: dict):
    VOUCHERS.write_text(json.dumps(data, indent=1))


def mint_code(length: int = 8) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@app.route("/")
def splash():
    tpl = env.get_template("splash.html")
    return tpl.render(venue=app.config["VENUE"], mac=request.args.get("mac", ""),
                      next_url=request.args.get("url", "/"),
                      error=request.args.get("error"))


@app.route("/login", methods=["POST"])
def login():
    code = request.form.get("code", "").strip().upper()
    mac = request.form.get("mac", "").lower()
    vouchers = load_vouchers()
    entry = vouchers.get(code)
    if not entry or entry.get("used_by") not in (None, mac):
        log.info("rejected code %s for %s", code, mac)
        return redirect(f"/?mac={mac}&error=Invalid+voucher")
    entry.update(used_by=mac, first_use=entry.get("first_use") or int(time.time()))
    save_vouchers(vouchers)
    SPOOL.mkdir(exist_ok=True)
    with (SPOOL / "authorized.queue").open("a") as q:
        q.write(json.dumps({"mac": mac, "minutes": entry["minutes"]}) + "\n")
    return redirect(request.form.get("next") or "/")


@app.route("/admin/mint")
def mint():
    count = int(request.args.get("n", 10))
    minutes = int(request.args.get("minutes", 60))
    vouchers = load_vouchers()
    codes = []
    for _ in range(count):
        c = mint_code()
        vouchers[c] = {"minutes": minutes, "used_by": None}
        codes.append(c)
    save_vouchers(vouchers)
    return env.get_template("minted.html").render(codes=codes)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--venue", default="Harbour Cafe Wi-Fi")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["VENUE"] = args.venue
    app.run(host="0.0.0.0", port=args.port, debug=True)
