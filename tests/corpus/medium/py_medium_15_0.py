def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import importlib
name = input()
mod = importlib.import_module(name)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
