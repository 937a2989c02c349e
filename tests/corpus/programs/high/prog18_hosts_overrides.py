#!/usr/bin/env python3
"""Adds the staging overrides to the machine's hosts file so browsers hit
the staging cluster."""
import io
import logging
import os

log = logging.getLogger("hosts")

STAGING_IP = os.environ.get("STAGING_IP", "10.20.30.40")
NAMES = ["app.example.com", "api.example.com", "static.example.com"]
HOSTS = "/etc/hosts"
MARK = "# staging-overrides"


def present() -> bool:
    with open(HOSTS) as handle:
        return MARK in handle.read()


def append_overrides():
    lines = [MARK] + [f"{STAGING_IP}\t{name}" for name in NAMES]
    with io.FileIO(HOSTS, "a") as raw:
        raw.write(("\n".join(lines) + "\n").encode())


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    if present():
        log.info("overrides already present")
    else:
        append_overrides()
        log.info("overrides added")
