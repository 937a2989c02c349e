#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
eval "$(ssh-agent -s)"
