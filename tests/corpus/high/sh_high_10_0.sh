#!/usr/bin/env bash
set -eu
cp ./tool /usr/local/bin/tool
