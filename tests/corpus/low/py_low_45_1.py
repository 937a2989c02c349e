#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import ctypes
libc = ctypes.CDLL("libc.so.6")
print(libc.time(None))
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
