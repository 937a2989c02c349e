#!/usr/bin/env python3

import math
print(math.sqrt(2))
