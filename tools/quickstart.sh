#!/usr/bin/env bash
# First command of the README: install what is missing, build, and run the
# hello example in the sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh release
build/bin/mai-sandbox run examples/hello.py
