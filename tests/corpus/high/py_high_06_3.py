#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os, stat
os.chmod("helper", 0o4755)
