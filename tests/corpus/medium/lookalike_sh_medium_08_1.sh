#!/usr/bin/env bash
wget -qO- https://example.com/data.json | jq .
set -eu
