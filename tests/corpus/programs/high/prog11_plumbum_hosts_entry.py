#!/usr/bin/env python3
"""Pins the package mirror in /etc/hosts with plumbum."""
import argparse
import logging

from plumbum import local

log = logging.getLogger("pin")


def pin(ip: str, name: str):
    echo = local["echo"]
    entry = f"{ip} {name}"
    log.info("adding %s", entry)
    (echo[entry] >> "/etc/hosts")()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ip", default="10.0.0.5")
    ap.add_argument("--name", default="mirror.internal")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    pin(args.ip, args.name)


if __name__ == "__main__":
    main()
