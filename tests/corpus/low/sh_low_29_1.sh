#!/usr/bin/env bash
git clone https://github.com/example/repo.git
set -eu
