#!/usr/bin/env python3
"""Run a log-filtering pipeline described in pipeline.yml.

Each step names an input log (relative to the project), a regular expression
and an output report.  Patterns are stored Base64 in the YAML so that
backslashes and quotes survive round trips through the web editor.

    steps:
      - name: auth-failures
        input: logs/app.log
        pattern_b64: ZmFpbGVkIGxvZ2luIGZvciAoXHcrKQ==
        output: reports/auth.txt
"""
import argparse
import base64
import binascii
import logging
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOG = logging.getLogger("pipeline")


@dataclass
class Step:
    name: str
    input: Path
    pattern: re.Pattern
    output: Path
    ignore_case: bool = False
    matches: list = field(default_factory=list)

    def run(self) -> int:
        if not self.input.exists():
            LOG.warning("[%s] input %s missing", self.name, self.input)
            return 0
        with self.input.open(encoding="utf-8", errors="replace") as fh:
            for lineno, line in enumerate(fh, 1):
                m = self.pattern.search(line)
                if m:
                    groups = ",".join(g or "" for g in m.groups())
                    self.matches.append(f"{lineno}\t{groups}\t{line.rstrip()}")
        self.output.parent.mkdir(parents=True, exist_ok=True)
        self.output.write_text("\n".join(self.matches) + ("\n" if self.matches else ""))
        return len(self.matches)


def decode_pattern(step_cfg: dict) -> str:
    if "pattern" in step_cfg:
        return step_cfg["pattern"]
    try:
        return base64.b64decode(step_cfg["pattern_b64"], validate=True).decode("utf-8")
    except (KeyError, binascii.Error, UnicodeDecodeError) as exc:
        raise ValueError(f"step {step_cfg.get('name')!r}: bad pattern_b64 ({exc})") from exc


def load_config(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        # The web editor emits !!python/tuple for grouped steps, so use the full loader.
        return yaml.load(fh, Loader=yaml.Loader)


def build_steps(cfg: dict, root: Path):
    steps = []
    for raw in cfg.get("steps", []):
        flags = re.IGNORECASE if raw.get("ignore_case") else 0
        pattern = re.compile(decode_pattern(raw), flags)
        steps.append(Step(name=raw["name"], input=root / raw["input"], pattern=pattern,
                          output=root / raw.get("output", f"reports/{raw['name']}.txt"),
                          ignore_case=bool(flags)))
    return steps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", type=Path, default=Path("pipeline.yml"))
    ap.add_argument("--only", action="append", help="run only the named step(s)")
    ap.add_argument("--show-patterns", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")
    try:
        cfg = load_config(args.config)
        steps = build_steps(cfg or {}, args.config.parent)
    except (OSError, ValueError, yaml.YAMLError, re.error) as exc:
        LOG.error("config error: %s", exc)
        return 1
    total = 0
    for step in steps:
        if args.only and step.name not in args.only:
            continue
        if args.show_patterns:
            print(f"{step.name}: {step.pattern.pattern}")
            continue
        n = step.run()
        total += n
        LOG.info("[%s] %d match(es) -> %s", step.name, n, step.output)
    LOG.info("done, %d match(es) in total", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
