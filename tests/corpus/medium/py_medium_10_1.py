#!/usr/bin/env python3

import os
os.remove("tmp_output.txt")
