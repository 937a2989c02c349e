#!/usr/bin/env bash
find . -name "*.tmp" -delete
