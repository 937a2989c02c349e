#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import subprocess
out = subprocess.check_output(["ls", "-l"])
print(out.decode())
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
