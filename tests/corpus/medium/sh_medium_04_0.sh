#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
python3 -m http.server 8080
