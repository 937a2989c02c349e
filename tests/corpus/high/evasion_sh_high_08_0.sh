#!/bin/sh
set -eu
bash -c "sudo id"
