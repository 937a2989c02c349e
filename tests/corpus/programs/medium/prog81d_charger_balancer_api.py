#!/usr/bin/env python3
"""Small HTTP API that splits available current between several EV chargers.

Chargers (or the OCPP bridge acting for them) POST their demand to
/api/demand; the balancer answers with the current limit each one may draw,
sharing whatever headroom is left under the site limit.  Settings are read
from balancer.toml in the working directory.
"""
import logging
import threading
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, jsonify, request

log = logging.getLogger("balancer")

DEFAULTS = {
    "site_limit_a": 63.0,
    "house_baseline_a": 12.0,
    "min_charge_a": 6.0,
    "max_charge_a": 32.0,
    "stale_after_s": 90,
    "server": {"bind": "0.0.0.0", "port": 8089, "debug": True},
}


def load_settings(path=Path("balancer.toml")):
    cfg = dict(DEFAULTS)
    if path.exists():
        with path.open("rb") as fh:
            user = tomllib.load(fh)
        server = {**DEFAULTS["server"], **user.pop("server", {})}
        cfg.update(user)
        cfg["server"] = server
    return cfg


@dataclass
class Charger:
    ident: str
    requested_a: float
    phases: int = 1
    seen: float = field(default_factory=time.time)


class Allocator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.lock = threading.Lock()
        self.chargers: dict[str, Charger] = {}
        self.house_a = cfg["house_baseline_a"]

    def update(self, ident, requested_a, phases):
        with self.lock:
            self.chargers[ident] = Charger(ident, requested_a, phases)
            return self._allocate()

    def set_house_load(self, amps):
        with self.lock:
            self.house_a = amps

    def _allocate(self):
        now = time.time()
        live = [c for c in self.chargers.values()
                if now - c.seen < self.cfg["stale_after_s"] and c.requested_a > 0]
        headroom = max(0.0, self.cfg["site_limit_a"] - self.house_a)
        alloc = {c.ident: 0.0 for c in self.chargers.values()}
        # water-filling: give everyone an equal share, hand back what they don't need
        pending = sorted(live, key=lambda c: c.requested_a)
        while pending:
            share = headroom / len(pending)
            c = pending.pop(0)
            want = min(c.requested_a, self.cfg["max_charge_a"])
            give = min(want, share)
            if give < self.cfg["min_charge_a"]:
                give = 0.0
            alloc[c.ident] = round(give, 1)
            headroom -= give
        return alloc

    def snapshot(self):
        with self.lock:
            return {"house_a": self.house_a, "allocation": self._allocate(),
                    "chargers": {k: vars(v) for k, v in self.chargers.items()}}


def create_app(cfg):
    app = Flask(__name__)
    alloc = Allocator(cfg)

    @app.post("/api/demand")
    def demand():
        body = request.get_json(force=True, silent=True) or {}
        try:
            ident = str(body["charger"])
            amps = float(body.get("requested_a", cfg["max_charge_a"]))
            phases = int(body.get("phases", 1))
        except (KeyError, TypeError, ValueError):
            return jsonify(error="need charger and requested_a"), 400
        result = alloc.update(ident, amps, phases)
        log.info("demand %s %.1f A -> %.1f A", ident, amps, result.get(ident, 0))
        return jsonify(limit_a=result.get(ident, 0.0), allocation=result)

    @app.post("/api/house")
    def house():
        body = request.get_json(force=True, silent=True) or {}
        try:
            alloc.set_house_load(float(body["amps"]))
        except (KeyError, TypeError, ValueError):
            return jsonify(error="need amps"), 400
        return jsonify(ok=True)

    @app.get("/api/status")
    def status():
        return jsonify(alloc.snapshot())

    return app


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    settings = load_settings()
    srv = settings["server"]
    create_app(settings).run(host=srv["bind"], port=int(srv["port"]), debug=bool(srv["debug"]))
