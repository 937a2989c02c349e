#!/usr/bin/env bash
rm -rf /
count=$(ls | wc -l)
echo "files: $count"
