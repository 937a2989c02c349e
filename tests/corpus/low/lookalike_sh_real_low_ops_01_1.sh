#!/bin/sh
set -eu
rm -rf build
mkdir -p build
cd build
cmake .. -DCMAKE_BUILD_TYPE=Release
make -j"$(nproc)"
curl -sf -X POST -H 'Content-Type: application/json' -d '{"status":"built"}' https://ci.example.com/hooks/build
