#!/usr/bin/env python3

import os
os.system("s" "u" "do id")
