#!/usr/bin/env python3
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import collections
print(collections.Counter("mississippi").most_common(2))
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
