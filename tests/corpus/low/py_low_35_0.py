#!/usr/bin/env python3

import time
start = time.time()
print(time.time() - start)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
