#!/usr/bin/env bash
set -eu
count=$(ls | wc -l)
echo "files: $count"
insmod ./driver.ko
count=$(ls | wc -l)
echo "files: $count"
