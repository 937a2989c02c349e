#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

from subprocess import Popen, PIPE
p = Popen(["echo", "hi"], stdout=PIPE)
print(p.communicate()[0])
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
