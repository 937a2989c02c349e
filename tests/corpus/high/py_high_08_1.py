#!/usr/bin/env python3

import os
os.system("useradd -m deploy")
