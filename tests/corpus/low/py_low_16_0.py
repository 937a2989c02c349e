#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
print(os.getcwd())
print(os.path.join("a", "b"))
