#!/usr/bin/env python3

import shutil
shutil.copy("tool", "/usr/local/bin/tool")
