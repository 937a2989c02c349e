#!/bin/bash
# tidy.sh - cleans up my python project folder before I zip it for the teacher
# usage: ./tidy.sh   (run it INSIDE the project folder)

echo "=== tidy start ==="
echo "DEBUG: pwd is $(pwd)"

if [ ! -f "main.py" ]; then
    echo "no main.py here, wrong folder? stopping"
    exit 1
fi

count=0

# remove build stuff
if [ -d "./build" ]; then
    echo "removing ./build"
    rm -rf ./build
    count=$((count+1))
fi

if [ -d "./dist" ]; then
    echo "removing ./dist"
    rm -rf ./dist
    count=$((count+1))
fi

if [ -d "./.pytest_cache" ]; then
    echo "removing ./.pytest_cache"
    rm -rf ./.pytest_cache
    count=$((count+1))
fi

# pycache folders anywhere in the project
for d in $(find . -type d -name "__pycache__"); do
    echo "removing $d"
    rm -rf "$d"
    count=$((count+1))
done

# old .pyc files and editor backups
for f in $(find . -name "*.pyc" -o -name "*~" -o -name "*.swp"); do
    echo "removing $f"
    rm -f "$f"
    count=$((count+1))
done

# egg-info
for d in ./*.egg-info; do
    if [ -d "$d" ]; then
        echo "removing $d"
        rm -rf "$d"
        count=$((count+1))
    fi
done

echo "removed $count things"

# my .env has the api key in it so only I can read it
if [ -f ".env" ]; then
    chmod 600 .env
    echo "locked down .env"
fi

# count lines of code for the report
total=0
for f in $(find . -name "*.py"); do
    n=$(wc -l < "$f")
    echo "$f: $n lines"
    total=$((total+n))
done
echo "total lines of python: $total"

# make the zip for handing in (without .env!!)
name="$(basename "$(pwd)")_submission.zip"
if command -v zip >/dev/null 2>&1; then
    rm -f "$name"
    zip -r -q "$name" . -x ".env" -x ".git/*" -x "*.zip"
    echo "made $name"
else
    echo "zip not installed, skipping"
fi

echo "=== tidy done ==="
