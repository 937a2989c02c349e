#!/usr/bin/env python3
"""Build a Markdown model card from evaluation outputs.

Inputs (all relative to the project directory):
  modelcard.yaml          - descriptive fields (owner, intended use, ...)
  runs/<run>/eval.json    - metrics written by the evaluation job
Output:
  reports/MODEL_CARD_<run>.md

Hardware details are taken from /proc/cpuinfo and /etc/os-release so the
card records where the numbers came from.
"""
import argparse
import datetime as dt
import json
import logging
import platform
import sys
from pathlib import Path

import yaml

log = logging.getLogger("modelcard")

REQUIRED_FIELDS = ("model_name", "owner", "intended_use", "limitations")


def load_card_config(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    missing = [f for f in REQUIRED_FIELDS if f not in cfg]
    if missing:
        raise ValueError(f"{path}: missing fields {', '.join(missing)}")
    return cfg


def os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except FileNotFoundError:
        pass
    return info


def cpu_summary() -> dict:
    model, cores, flags = None, 0, set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "model name" and model is None:
                    model = value.strip()
                elif key == "processor":
                    cores += 1
                elif key == "flags" and not flags:
                    flags = set(value.split())
    except FileNotFoundError:
        pass
    return {
        "model": model or platform.processor() or "unknown",
        "logical_cores": cores,
        "avx512": "avx512f" in flags,
    }


def load_metrics(run_dir: Path) -> dict:
    path = run_dir / "eval.json"
    if not path.exists():
        raise FileNotFoundError(f"no eval.json in {run_dir}")
    return json.loads(path.read_text())


def metrics_table(metrics: dict) -> str:
    lines = ["| split | metric | value |", "|---|---|---|"]
    for split, values in sorted(metrics.items()):
        if not isinstance(values, dict):
            continue
        for name, value in sorted(values.items()):
            shown = f"{value:.4f}" if isinstance(value, float) else str(value)
            lines.append(f"| {split} | {name} | {shown} |")
    return "\n".join(lines)


def render(cfg: dict, run: str, metrics: dict) -> str:
    osr = os_release()
    cpu = cpu_summary()
    parts = [
        f"# Model card: {cfg['model_name']}",
        "",
        f"*Run:* `{run}`  ",
        f"*Generated:* {dt.datetime.now().isoformat(timespec='seconds')}  ",
        f"*Owner:* {cfg['owner']}",
        "",
        "## Intended use",
        cfg["intended_use"].strip(),
        "",
        "## Limitations",
        cfg["limitations"].strip(),
        "",
        "## Evaluation",
        metrics_table(metrics),
        "",
        "## Environment",
        f"- OS: {osr.get('PRETTY_NAME', platform.platform())}",
        f"- CPU: {cpu['model']} ({cpu['logical_cores']} logical cores, AVX-512: {cpu['avx512']})",
        f"- Python: {platform.python_version()}",
    ]
    if cfg.get("datasets"):
        parts += ["", "## Training data"] + [f"- {d}" for d in cfg["datasets"]]
    return "\n".join(parts) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="run directory name under runs/")
    ap.add_argument("--config", default="modelcard.yaml", type=Path)
    ap.add_argument("--out-dir", default="reports", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = load_card_config(args.config)
        metrics = load_metrics(Path("runs") / args.run)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 1

    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / f"MODEL_CARD_{args.run}.md"
    out.write_text(render(cfg, args.run, metrics), encoding="utf-8")
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
