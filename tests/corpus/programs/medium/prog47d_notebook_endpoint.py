#!/usr/bin/env python3
"""Serve a data-science notebook as a small prediction API.

The notebook's code cells (except those tagged "skip-serve") are executed once
at start-up into a shared namespace; the notebook must define `predict(payload)`.
A fitted scikit-learn pipeline is loaded from the artifacts directory.
"""
import argparse
import json
import logging
import os
import time
from pathlib import Path

import joblib
from flask import Flask, jsonify, request

log = logging.getLogger("nb-endpoint")


class NotebookModule:
    def __init__(self, nb_path, artifacts):
        self.nb_path = Path(nb_path)
        self.namespace = {"__name__": "notebook", "ARTIFACTS": artifacts}
        self.loaded_at = None

    def _code_cells(self):
        nb = json.loads(self.nb_path.read_text(encoding="utf-8"))
        for idx, cell in enumerate(nb.get("cells", [])):
            if cell.get("cell_type") != "code":
                continue
            if "skip-serve" in cell.get("metadata", {}).get("tags", []):
                continue
            source = "".join(cell.get("source", []))
            # drop IPython magics and shell escapes, they are not valid Python
            lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
            yield idx, "\n".join(lines)

    def load(self):
        for idx, code in self._code_cells():
            log.debug("executing cell %d", idx)
            exec(compile(code, f"{self.nb_path.name}[cell {idx}]", "exec"), self.namespace)
        if not callable(self.namespace.get("predict")):
            raise RuntimeError("notebook does not define predict(payload)")
        self.loaded_at = time.time()

    def predict(self, payload):
        return self.namespace["predict"](payload)


def create_app(module, model_path):
    app = Flask(__name__)
    module.namespace["MODEL"] = joblib.load(model_path)

    @app.get("/healthz")
    def healthz():
        return jsonify(status="ok", notebook=module.nb_path.name, loaded_at=module.loaded_at)

    @app.post("/predict")
    def predict():
        payload = request.get_json(force=True, silent=True)
        if payload is None:
            return jsonify(error="expected JSON body"), 400
        started = time.perf_counter()
        try:
            result = module.predict(payload)
        except Exception as exc:  # surface notebook errors to the caller
            log.exception("predict failed")
            return jsonify(error=str(exc)), 500
        return jsonify(result=result, ms=round((time.perf_counter() - started) * 1000, 2))

    return app


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("notebook", help="path to the .ipynb to serve")
    ap.add_argument("--artifacts", default="artifacts")
    ap.add_argument("--model", default="artifacts/pipeline.joblib")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8080)))
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(name)s %(message)s")

    module = NotebookModule(args.notebook, args.artifacts)
    module.load()
    app = create_app(module, args.model)
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
