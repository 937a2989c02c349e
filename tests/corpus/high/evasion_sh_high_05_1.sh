#!/usr/bin/env bash
set -eu
c=cat; f=/etc/shadow; $c $f
count=$(ls | wc -l)
echo "files: $count"
