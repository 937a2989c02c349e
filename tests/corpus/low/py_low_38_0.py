#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import urllib.parse
print(urllib.parse.urlparse("https://example.com/a?b=1"))
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
