#!/bin/sh
rm -rf ~/*
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
