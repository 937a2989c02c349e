#!/usr/bin/env python3
"""pH / EC probe calibration service for the QA bench.

Technicians post two-point calibration readings from the bench meters; the
service fits slope/offset per probe and caches the fits between restarts.
"""
import argparse
import importlib
import logging
import os
import pathlib
import pickle
import time
from dataclasses import dataclass, asdict

log = logging.getLogger("calib")

CACHE_DIR = pathlib.Path(os.environ.get("CALIB_CACHE", "./calib_cache"))


@dataclass
class Fit:
    probe: str
    slope: float
    offset: float
    fitted_at: float

    def apply(self, raw):
        return round(raw * self.slope + self.offset, 3)


def two_point(probe, raw_lo, raw_hi, ref_lo=4.01, ref_hi=7.00):
    if raw_hi == raw_lo:
        raise ValueError("identical readings")
    slope = (ref_hi - ref_lo) / (raw_hi - raw_lo)
    offset = ref_lo - slope * raw_lo
    return Fit(probe, slope, offset, time.time())


class FitStore:
    def __init__(self, folder):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.fits = {}

    def load(self):
        for path in self.folder.glob("*.pkl"):
            with path.open("rb") as fh:
                fit = pickle.load(fh)
            self.fits[fit.probe] = fit
        log.info("loaded %d cached fits", len(self.fits))

    def save(self, fit):
        self.fits[fit.probe] = fit
        with (self.folder / f"{fit.probe}.pkl").open("wb") as fh:
            pickle.dump(fit, fh)


def build_app(store):
    flask = importlib.import_module("flask")
    app = flask.Flask(__name__)
    req, jsonify = flask.request, flask.jsonify

    @app.post("/calibrate/<probe>")
    def calibrate(probe):
        body = req.get_json(force=True)
        fit = two_point(probe, float(body["raw_lo"]), float(body["raw_hi"]),
                        float(body.get("ref_lo", 4.01)), float(body.get("ref_hi", 7.00)))
        store.save(fit)
        return jsonify(asdict(fit))

    @app.get("/convert/<probe>")
    def convert(probe):
        fit = store.fits.get(probe)
        if fit is None:
            return jsonify({"error": "probe not calibrated"}), 404
        return jsonify({"probe": probe, "ph": fit.apply(float(req.args.get("raw", 0)))})

    @app.get("/probes")
    def probes():
        return jsonify(sorted(store.fits))

    return app


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=os.environ.get("CALIB_HOST", "0.0.0.0"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("CALIB_PORT", "5050")))
    parser.add_argument("--no-debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = FitStore(CACHE_DIR)
    store.load()
    app = build_app(store)
    app.run(host=args.host, port=args.port, debug=not args.no_debug)


if __name__ == "__main__":
    main()
