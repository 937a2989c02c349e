#!/usr/bin/env python3

import tempfile
name = tempfile.mktemp(suffix=".txt")
open(name, "w").write("x")
