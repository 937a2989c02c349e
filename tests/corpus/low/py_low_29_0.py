#!/usr/bin/env python3

import sys
print(sys.version)
print(sys.argv[1:])
