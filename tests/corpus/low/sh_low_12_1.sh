#!/usr/bin/env bash
find . -name "*.log" -mtime +7 -print
