"""Applies the network tunables recommended for the ingest nodes."""
import logging
import os
from typing import Dict

logger = logging.getLogger("tune")

TUNABLES: Dict[str, str] = {
    "net.core.somaxconn": "4096",
    "net.ipv4.tcp_tw_reuse": "1",
    "net.ipv4.ip_forward": "1",
}


def key_to_path(key: str) -> str:
    return os.path.join("/proc/sys", *key.split("."))


def current(path: str) -> str:
    with open(path) as fh:
        return fh.read().strip()


def set_value(path: str, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    for key, wanted in TUNABLES.items():
        path = key_to_path(key)
        try:
            have = current(path)
        except OSError:
            logger.warning("%s not available", key)
            continue
        if have != wanted:
            set_value(path, wanted)
            logger.info("%s: %s -> %s", key, have, wanted)


if __name__ == "__main__":
    main()
