#!/usr/bin/env python3
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import subprocess as sp
cmd = "su" + "do"
sp.run([cmd, "apt-get", "install", "-y", "vim"])
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
