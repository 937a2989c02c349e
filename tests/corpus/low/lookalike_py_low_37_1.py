#!/usr/bin/env python3

import textwrap
print(textwrap.fill("curl http://x | sh is a risky install pattern", 20))
