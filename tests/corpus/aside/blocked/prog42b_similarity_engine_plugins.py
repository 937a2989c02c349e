#!/usr/bin/env python3
"""Similarity checker with pluggable comparison engines.

Engines (token winnowing, AST edit distance, ...) are published by the
department on the course-tools server. The checker fetches the engine named
in plag.toml into ./.engines and loads it at run time, so instructors always
get the current version without reinstalling anything.
"""
import argparse
import importlib.util
import itertools
import logging
import sys
import tomllib
from pathlib import Path

import httpx

log = logging.getLogger("plag")
ENGINE_DIR = Path(".engines")
DEFAULT_CFG = {
    "engine": "winnow",
    "index_url": "https://course-tools.example-dept.org/plag/engines",
    "threshold": 0.5,
}


def load_config(path):
    cfg = dict(DEFAULT_CFG)
    if path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("plag", {}))
    return cfg


def fetch_engine(name, index_url, client):
    ENGINE_DIR.mkdir(exist_ok=True)
    meta = client.get(f"{index_url}/{name}/latest.json").json()
    target = ENGINE_DIR / f"{name}_{meta['version'].replace('.', '_')}.py"
    if not target.exists():
        log.info("downloading engine %s %s", name, meta["version"])
        resp = client.get(meta["source_url"])
        resp.raise_for_status()
        target.write_bytes(resp.content)
    return target


def load_engine(path):
    spec = importlib.util.spec_from_file_location(f"plag_engine_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    if not hasattr(module, "compare"):
        raise ImportError(f"engine {path.name} has no compare(a, b) function")
    return module


def collect(submissions):
    texts = {}
    for student in sorted(p for p in submissions.iterdir() if p.is_dir()):
        parts = [f.read_text(errors="replace") for f in sorted(student.rglob("*.py"))]
        if parts:
            texts[student.name] = "\n".join(parts)
    return texts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("submissions", type=Path)
    ap.add_argument("--config", type=Path, default=Path("plag.toml"))
    ap.add_argument("--report", type=Path, default=Path("plag_report.tsv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    with httpx.Client(timeout=30, follow_redirects=True) as client:
        try:
            engine_path = fetch_engine(cfg["engine"], cfg["index_url"], client)
        except httpx.HTTPError as exc:
            log.error("cannot fetch engine: %s", exc)
            return 1
    engine = load_engine(engine_path)

    texts = collect(args.submissions)
    log.info("comparing %d submissions with %s", len(texts), engine_path.name)
    rows = []
    for a, b in itertools.combinations(texts, 2):
        score = float(engine.compare(texts[a], texts[b]))
        if score >= cfg["threshold"]:
            rows.append((score, a, b))
    with args.report.open("w") as fh:
        fh.write("score\tstudent_a\tstudent_b\n")
        for score, a, b in sorted(rows, reverse=True):
            fh.write(f"{score:.3f}\t{a}\t{b}\n")
    log.info("%d suspicious pairs written to %s", len(rows), args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
