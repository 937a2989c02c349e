#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import requests
r = requests.get("https://internal.example/api", verify=False)
print(r.status_code)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
