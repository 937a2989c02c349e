#!/bin/sh
set -eu
grep -rn TODO . | sort | head -20
