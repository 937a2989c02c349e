#!/usr/bin/env bash
set -eu
bash -c "sudo id"
