#!/usr/bin/env python3

import requests
r = requests.get("https://api.example.com/v1/items")
print(r.json())
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
