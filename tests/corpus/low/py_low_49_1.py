#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import requests
r = requests.get("https://example.com/data.csv")
open("data.csv", "wb").write(r.content)
