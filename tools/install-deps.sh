#!/usr/bin/env bash
# Installs, from Debian 12 packages, everything mai-sandbox needs to build,
# test and benchmark. Installs only what is missing; safe to run again.
set -euo pipefail

packages=(
  # build
  build-essential cmake pkg-config git
  # libraries
  libcaf-dev libyaml-cpp-dev nlohmann-json3-dev libcurl4-openssl-dev librocksdb-dev
  libssl-dev libseccomp-dev libcli11-dev zlib1g-dev libgtest-dev libgmock-dev libbenchmark-dev
  # RocksDB's compression libraries (librocksdb-dev depends on them): their static
  # archives are linked (MAI_STATIC_LEAF_LIBS, cmake/Dependencies.cmake)
  libsnappy-dev libbz2-dev liblz4-dev libzstd-dev
  # run time: the interpreters the sandbox runs
  python3
  # the Python client (python/): pybind11 and the headers of the system Python to
  # build its native module, venv to install it (docs/python-client.md), pytest for its tests
  pybind11-dev python3-pybind11 python3-dev python3-venv python3-pytest
  # tests and benchmarks
  python3-jsonschema python3-yaml python3-cryptography python3-pip bubblewrap bandit iproute2 procps
  openssl ca-certificates
  # the docker backend: its daemon (tests start it, tools/start-dockerd.sh) and curl for its health check
  docker.io curl
  # the assessor's parser: the tree-sitter runtime, RE2 for its rules, npm to fetch the grammars
  libtree-sitter-dev libre2-dev
  # fuzzing (tools/fuzz.sh): clang-14 with libFuzzer and the sanitizer runtimes
  clang-14 libfuzzer-14-dev libclang-rt-14-dev
  # load for the flakiness checks (stress-ng --cpu 2), and faster rebuilds
  stress-ng ccache
)
# npm may come from Debian's package or with another Node.js build; either will do.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every package is already installed"
elif [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}; run as root (or with sudo)" >&2
  exit 1
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

"$(dirname "$0")/fetch-grammars.sh"
