#!/usr/bin/env python3
"""Load the data pipeline configuration and print a summary.

Reads pipeline.yaml (or the file given), fills in defaults, validates the
required keys and prints the stages that will run.
"""
import argparse
import sys

import yaml

DEFAULTS = {
    "workers": 4,
    "retry": 3,
    "output_dir": "out",
    "stages": [],
}
REQUIRED = ("name", "input")


def load_config(path):
    with open(path) as fh:
        # yaml.Loader handles the custom tags some older configs use.
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    config = dict(DEFAULTS)
    config.update(data)
    return config


def validate(config):
    errors = [f"missing required key: {k}" for k in REQUIRED if k not in config]
    if not isinstance(config["workers"], int) or config["workers"] < 1:
        errors.append("workers must be a positive integer")
    for i, stage in enumerate(config["stages"]):
        if not isinstance(stage, dict) or "type" not in stage:
            errors.append(f"stage {i} has no 'type'")
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config", nargs="?", default="pipeline.yaml")
    args = parser.parse_args()

    try:
        config = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        sys.exit(f"could not read {args.config}: {exc}")

    errors = validate(config)
    if errors:
        print("Configuration errors:")
        for e in errors:
            print(f"  - {e}")
        sys.exit(1)

    print(f"Pipeline: {config['name']}")
    print(f"Input:    {config['input']}")
    print(f"Output:   {config['output_dir']}  (workers={config['workers']}, "
          f"retry={config['retry']})")
    print("Stages:")
    for i, stage in enumerate(config["stages"], 1):
        opts = ", ".join(f"{k}={v}" for k, v in stage.items() if k != "type")
        print(f"  {i}. {stage['type']}" + (f" ({opts})" if opts else ""))


if __name__ == "__main__":
    main()
