#!/usr/bin/env python3
"""Persist and restore pipeline state with pluggable codecs.

Codecs are looked up by file suffix; the backing module is imported lazily
from a table so optional dependencies (PyYAML) only load when needed.  State
files live next to the pipeline definition in ./state/.
"""
from __future__ import annotations

import argparse
import importlib
import logging
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path

log = logging.getLogger("state")

CODEC_TABLE = {
    ".pkl": ("pickle", "PickleCodec"),
    ".yaml": ("yaml", "YamlCodec"),
    ".yml": ("yaml", "YamlCodec"),
    ".json": ("json", "JsonCodec"),
}


@dataclass
class StageState:
    name: str
    status: str = "pending"
    attempts: int = 0
    finished_at: datetime | None = None
    artefacts: list = field(default_factory=list)


@dataclass
class PipelineState:
    pipeline: str
    stages: dict = field(default_factory=dict)

    def mark(self, stage: str, status: str):
        st = self.stages.setdefault(stage, StageState(stage))
        st.status = status
        st.attempts += 1
        if status in {"done", "failed"}:
            st.finished_at = datetime.now()


class Codec:
    binary = False

    def __init__(self, module_name: str):
        self.module_name = module_name

    @cached_property
    def backend(self):
        return importlib.import_module(self.module_name)

    def dump(self, obj, fh):  # pragma: no cover
        raise NotImplementedError

    def load(self, fh):  # pragma: no cover
        raise NotImplementedError


class PickleCodec(Codec):
    binary = True

    def dump(self, obj, fh):
        self.backend.dump(obj, fh, protocol=self.backend.HIGHEST_PROTOCOL)

    def load(self, fh):
        return self.backend.load(fh)


class YamlCodec(Codec):
    def dump(self, obj, fh):
        self.backend.dump(obj, fh, default_flow_style=False)

    def load(self, fh):
        # full Loader so that the dataclass tags written by dump() round-trip
        return self.backend.load(fh, Loader=self.backend.Loader)


class JsonCodec(Codec):
    def dump(self, obj, fh):
        self.backend.dump({"pipeline": obj.pipeline,
                           "stages": {k: vars(v) for k, v in obj.stages.items()}},
                          fh, default=str, indent=2)

    def load(self, fh):
        raw = self.backend.load(fh)
        state = PipelineState(raw["pipeline"])
        for name, data in raw["stages"].items():
            data.pop("finished_at", None)
            state.stages[name] = StageState(**data)
        return state


def codec_for(path: Path) -> Codec:
    try:
        module_name, class_name = CODEC_TABLE[path.suffix]
    except KeyError:
        raise SystemExit(f"unsupported state format: {path.suffix}")
    return globals()[class_name](module_name)


class StateStore:
    def __init__(self, path: Path):
        self.path = path
        self.codec = codec_for(path)

    def _mode(self, base):
        return base + ("b" if self.codec.binary else "")

    def read(self, pipeline_name: str) -> PipelineState:
        if not self.path.exists():
            return PipelineState(pipeline_name)
        with open(self.path, self._mode("r")) as fh:
            return self.codec.load(fh)

    def write(self, state: PipelineState):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, self._mode("w")) as fh:
            self.codec.dump(state, fh)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("state_file", type=Path, help="e.g. state/build.pkl or a shared .yaml")
    parser.add_argument("--pipeline", default="build")
    parser.add_argument("--mark", nargs=2, metavar=("STAGE", "STATUS"))
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    store = StateStore(args.state_file)
    state = store.read(args.pipeline)
    if args.mark:
        state.mark(*args.mark)
        store.write(state)
        log.info("stage %s -> %s", *args.mark)
    if args.show or not args.mark:
        for name, st in sorted(state.stages.items()):
            print(f"{name:<20} {st.status:<8} attempts={st.attempts} finished={st.finished_at}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
