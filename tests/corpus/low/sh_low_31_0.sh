#!/usr/bin/env bash
bash -c "echo hi"
set -eu
