#!/bin/sh
set -eu
find . -name "*.log" -mtime +7 -print
