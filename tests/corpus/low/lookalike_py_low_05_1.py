import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

socket_dup2 = "a variable name, not a call"
print(socket_dup2.upper())
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
