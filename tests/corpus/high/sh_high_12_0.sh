#!/bin/sh
set -eu
docker run --privileged -v /:/host alpine chroot /host
