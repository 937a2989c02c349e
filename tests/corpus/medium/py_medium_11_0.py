from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import marshal
code = marshal.loads(open("x.bin", "rb").read())
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
