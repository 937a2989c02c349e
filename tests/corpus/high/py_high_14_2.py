#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import subprocess
subprocess.run(["su", "-c", "whoami"])
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
