#!/usr/bin/env python3
"""Compute vegetation indices for a multispectral drone survey.

Each survey directory holds one .npy array per band (red, green, nir,
rededge) exported from the stitching step.  Index calculators are plugins
that live next to this script in ./index_plugins; the manifest picks which
ones run and passes each one its parameters (soil line, thresholds, ...).
"""
import argparse
import importlib.util
import logging
import sys
from pathlib import Path

import numpy as np
import yaml

LOG = logging.getLogger("survey-indices")

PLUGIN_DIR = Path(__file__).resolve().parent / "index_plugins"
DEFAULT_MANIFEST = {
    "plugins": [
        {"name": "ndvi", "params": {}},
        {"name": "ndre", "params": {}},
        {"name": "savi", "params": {"L": 0.5}},
    ]
}
BANDS = ("red", "green", "nir", "rededge")


class PluginError(Exception):
    pass


class IndexPlugin:
    def __init__(self, name, module, params):
        self.name = name
        self.module = module
        self.params = params or {}
        if not hasattr(module, "compute"):
            raise PluginError("plugin %s has no compute()" % name)

    def __call__(self, bands):
        return self.module.compute(bands, **self.params)


def _import_local(name):
    path = PLUGIN_DIR / (name + ".py")
    if not path.exists():
        raise PluginError("no plugin file %s" % path)
    spec = importlib.util.spec_from_file_location("survey_plugin_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_plugins(manifest):
    plugins = []
    for entry in manifest.get("plugins", []):
        name = entry["name"]
        try:
            plugins.append(IndexPlugin(name, _import_local(name), entry.get("params")))
            LOG.info("loaded plugin %s", name)
        except (SyntaxError, ImportError, PluginError) as exc:
            LOG.error("plugin %s rejected: %s", name, exc)
    return plugins


def read_manifest(path):
    if path is None or not Path(path).exists():
        return DEFAULT_MANIFEST
    with open(path) as fh:
        # manifests carry numpy scalars and tuples written by the calibration tool
        return yaml.load(fh, Loader=yaml.Loader) or DEFAULT_MANIFEST


def load_bands(survey_dir):
    bands = {}
    for band in BANDS:
        f = survey_dir / (band + ".npy")
        if f.exists():
            bands[band] = np.load(f).astype("float32")
    if "nir" not in bands or "red" not in bands:
        raise FileNotFoundError("survey %s lacks nir/red bands" % survey_dir)
    return bands


def summarise(arr):
    valid = arr[np.isfinite(arr)]
    if valid.size == 0:
        return {"mean": None, "p10": None, "p90": None}
    return {
        "mean": float(valid.mean()),
        "p10": float(np.percentile(valid, 10)),
        "p90": float(np.percentile(valid, 90)),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("survey_dir", type=Path)
    ap.add_argument("--manifest", default="survey_plugins.yaml")
    ap.add_argument("--out", type=Path, default=Path("indices"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugins = load_plugins(read_manifest(args.manifest))
    if not plugins:
        LOG.error("no usable index plugins")
        return 1
    bands = load_bands(args.survey_dir)
    args.out.mkdir(exist_ok=True)
    for plugin in plugins:
        result = plugin(bands)
        np.save(args.out / (plugin.name + ".npy"), result)
        stats = summarise(result)
        LOG.info("%s mean=%s p10=%s p90=%s", plugin.name,
                 stats["mean"], stats["p10"], stats["p90"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
