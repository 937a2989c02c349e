#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
os.system("rm -rf ./cache")
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
