#!/usr/bin/env python3
"""Inventory pipeline: a list of step objects configured by an embedded JSON
document. Each step receives the shared state dict and returns it.

load_csv -> normalise -> fingerprint -> encode -> write_report
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import sys
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Dict, List, Type

log = logging.getLogger("inventory")

PIPELINE_CONFIG = """
{
  "name": "inventory",
  "output_dir": "/etc/inventory-agent",
  "steps": [
    {"type": "load_csv", "path": "inventory.csv"},
    {"type": "normalise", "fields": ["host", "owner", "env"]},
    {"type": "fingerprint", "key_fields": ["host", "env"]},
    {"type": "encode", "field": "notes"},
    {"type": "write_report", "filename": "inventory.json", "mode": "0644"}
  ]
}
"""

STEP_TYPES: Dict[str, Type["Step"]] = {}


def step_type(name: str):
    def register(cls):
        STEP_TYPES[name] = cls
        cls.type_name = name
        return cls
    return register


class Step(ABC):
    type_name = "abstract"

    def __init__(self, pipeline: "Pipeline", **options: Any) -> None:
        self.pipeline = pipeline
        self.options = options

    @abstractmethod
    def apply(self, state: Dict[str, Any]) -> Dict[str, Any]:
        ...

    def __repr__(self) -> str:
        return f"<{self.type_name} {self.options}>"


@step_type("load_csv")
class LoadCsv(Step):
    def apply(self, state):
        path = Path(self.options["path"])
        with path.open(newline="", encoding="utf-8") as fh:
            state["rows"] = list(csv.DictReader(fh))
        log.info("loaded %d rows from %s", len(state["rows"]), path)
        return state


@step_type("normalise")
class Normalise(Step):
    def apply(self, state):
        for row in state["rows"]:
            for field in self.options.get("fields", []):
                row[field] = (row.get(field) or "").strip().lower()
        return state


@step_type("fingerprint")
class Fingerprint(Step):
    """MD5 of the key fields, used only as a de-duplication cache key."""

    def apply(self, state):
        seen = {}
        for row in state["rows"]:
            material = "|".join(row.get(f, "") for f in self.options["key_fields"])
            key = hashlib.md5(material.encode("utf-8")).hexdigest()
            row["cache_key"] = key
            seen.setdefault(key, row)
        dropped = len(state["rows"]) - len(seen)
        state["rows"] = list(seen.values())
        log.info("fingerprint: %d duplicates dropped", dropped)
        return state


@step_type("encode")
class Encode(Step):
    """Notes may contain commas and newlines; store them base64-encoded."""

    def apply(self, state):
        field = self.options["field"]
        for row in state["rows"]:
            raw = row.get(field, "") or ""
            row[field + "_b64"] = base64.b64encode(raw.encode("utf-8")).decode("ascii")
            row.pop(field, None)
        return state


@step_type("write_report")
class WriteReport(Step):
    def apply(self, state):
        out_dir = Path(self.pipeline.config["output_dir"])
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / self.options["filename"]
        target.write_text(json.dumps(state["rows"], indent=2), encoding="utf-8")
        os.chmod(target, int(self.options.get("mode", "0644"), 8))
        state["written"] = str(target)
        log.info("report written to %s", target)
        return state


class Pipeline:
    def __init__(self, config: Dict[str, Any]) -> None:
        self.config = config
        self.steps: List[Step] = []
        for spec in config["steps"]:
            spec = dict(spec)
            kind = spec.pop("type")
            try:
                cls = STEP_TYPES[kind]
            except KeyError:
                raise ValueError(f"unknown step type {kind!r}") from None
            self.steps.append(cls(self, **spec))

    def run(self, only: List[str] = None) -> Dict[str, Any]:
        state: Dict[str, Any] = {}
        for step in self.steps:
            if only and step.type_name not in only:
                continue
            log.debug("running %r", step)
            state = step.apply(state)
        return state


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--input", help="override the CSV path")
    ap.add_argument("--output-dir", help="override the output directory")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    config = json.loads(PIPELINE_CONFIG)
    if args.output_dir:
        config["output_dir"] = args.output_dir
    if args.input:
        config["steps"][0]["path"] = args.input
    try:
        state = Pipeline(config).run()
    except (OSError, ValueError, KeyError) as exc:
        log.error("pipeline failed: %s", exc)
        return 1
    print(state.get("written", "nothing written"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
