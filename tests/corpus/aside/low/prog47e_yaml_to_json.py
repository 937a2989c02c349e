#!/usr/bin/env python3
"""Convert YAML files from the current project into pretty-printed JSON."""
import argparse
import json
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("yaml2json")
# Prefer the libyaml-backed safe loader when it is compiled in.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def convert(src: Path, out_dir: Path, indent: int) -> Path:
    with src.open("r", encoding="utf-8") as fh:
        docs = list(yaml.load_all(fh, Loader=_Loader))
    payload = docs[0] if len(docs) == 1 else docs
    target = out_dir / f"{src.stem}.json"
    target.write_text(json.dumps(payload, indent=indent, default=str) + "\n",
                      encoding="utf-8")
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("json_out"))
    ap.add_argument("--indent", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out_dir.mkdir(exist_ok=True)
    failures = 0
    for src in args.inputs:
        if src.suffix.lower() not in (".yml", ".yaml"):
            log.warning("skipping %s (not a YAML file)", src)
            continue
        try:
            dest = convert(src, args.out_dir, args.indent)
            log.info("%s -> %s", src, dest)
        except (OSError, yaml.YAMLError) as exc:
            log.error("could not convert %s: %s", src, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
