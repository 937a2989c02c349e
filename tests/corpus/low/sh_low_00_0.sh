#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
echo "hello"
ls -la
