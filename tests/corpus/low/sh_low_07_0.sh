#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
x=$(date +%s)
echo "$x"
