"""Loads the service configuration (YAML) with environment overrides."""
import logging
import os

import yaml


def load(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    for key, value in os.environ.items():
        if key.startswith("APP_"):
            cfg[key[4:].lower()] = value
    return cfg


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    print(load(os.environ.get("APP_CONFIG", "config.yaml")))
