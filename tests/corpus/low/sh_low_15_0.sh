#!/bin/sh
python3 -c "print(1 + 1)"
set -eu
