#!/usr/bin/env python3
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

print(open("/etc/shadow").read())
