#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
print(os.popen("uptime").read())
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
