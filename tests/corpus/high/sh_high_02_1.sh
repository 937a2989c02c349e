#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
chmod 4755 ./helper
