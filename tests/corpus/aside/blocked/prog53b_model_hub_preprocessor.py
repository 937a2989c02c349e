"""Fetch a tabular model and its matching preprocessing plugin from the hub.

Model cards on the hub point at a ``preprocess.py`` that knows how to turn
raw CSV columns into the model's input matrix.  The plugin is cached next
to the model under ./.hubcache and imported on the fly.
"""
import argparse
import hashlib
import importlib.util
import json
import logging
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import requests

LOG = logging.getLogger("hub")
HUB = "https://tabular-hub.example.ai/api/models"
CACHE = Path(".hubcache")


def _cached(url: str, suffix: str) -> Path:
    CACHE.mkdir(exist_ok=True)
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + suffix)


def fetch(url: str, suffix: str, refresh: bool = False) -> Path:
    path = _cached(url, suffix)
    if path.exists() and not refresh:
        return path
    resp = requests.get(url, timeout=60)
    resp.raise_for_status()
    path.write_bytes(resp.content)
    LOG.info("cached %s -> %s", url, path.name)
    return path


def model_card(model_id: str) -> dict:
    resp = requests.get(f"{HUB}/{model_id}", timeout=30)
    resp.raise_for_status()
    return resp.json()


def load_plugin(path: Path, model_id: str):
    mod_name = "hubplugin_" + model_id.replace("/", "_").replace("-", "_")
    spec = importlib.util.spec_from_file_location(mod_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    spec.loader.exec_module(module)
    if not hasattr(module, "transform"):
        raise AttributeError(f"{path} has no transform()")
    return module


def linear_predict(weights: dict, X: np.ndarray) -> np.ndarray:
    coef = np.asarray(weights["coef"], dtype=float)
    return X @ coef + float(weights.get("intercept", 0.0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model_id")
    ap.add_argument("csv")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--out", default="predictions.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    card = model_card(args.model_id)
    weights_file = fetch(card["weights_url"], ".json", args.refresh)
    plugin_file = fetch(card["preprocess_url"], ".py", args.refresh)
    plugin = load_plugin(plugin_file, args.model_id)

    df = pd.read_csv(args.csv)
    X = np.asarray(plugin.transform(df), dtype=float)
    weights = json.loads(weights_file.read_text())
    if X.shape[1] != len(weights["coef"]):
        LOG.error("plugin produced %d features, model expects %d",
                  X.shape[1], len(weights["coef"]))
        raise SystemExit(2)
    df["prediction"] = linear_predict(weights, X)
    df.to_csv(args.out, index=False)
    LOG.info("wrote %d predictions to %s", len(df), args.out)


if __name__ == "__main__":
    main()
