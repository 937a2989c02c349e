#!/usr/bin/env bash
git clone https://github.com/example/repo.git
count=$(ls | wc -l)
echo "files: $count"
