#!/bin/sh
eval "$(ssh-agent -s)"
count=$(ls | wc -l)
echo "files: $count"
