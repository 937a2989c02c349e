"""Applies security updates on the fleet over SSH (plumbum)."""
import logging
import sys

from plumbum import SshMachine

log = logging.getLogger("patch")

HOSTS = ["web1.internal", "web2.internal"]


def patch(host: str) -> str:
    with SshMachine(host, user="ops") as rem:
        sudo = rem["sudo"]
        apt = rem["apt-get"]
        sudo[apt["update"]]()
        return sudo[apt["-y", "upgrade"]]()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    for h in HOSTS:
        try:
            log.info("%s: %s", h, patch(h)[-200:])
        except Exception as exc:
            log.error("%s failed: %s", h, exc)
            sys.exit(1)
