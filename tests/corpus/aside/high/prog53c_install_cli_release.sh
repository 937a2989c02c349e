#!/usr/bin/env bash
# install-cli.sh - install the team's pinned release of the `kvctl` CLI for
# every user on a workstation. The release tarball is verified against the
# sha256 published in release.lock and the binary is placed in /usr/local/bin.
set -euo pipefail

PROG=${0##*/}
ROOT=$(pwd)
LOCK_FILE="${ROOT}/release.lock"
WORK_DIR="${ROOT}/.install-work"
PREFIX=${KVCTL_PREFIX:-/usr/local}
TIMEOUT=${INSTALL_TIMEOUT:-60}
DRY_RUN=0

say()  { printf '%s: %s\n' "$PROG" "$*"; }
warn() { printf '%s: warning: %s\n' "$PROG" "$*" >&2; }
die()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

usage() {
  cat <<EOF
Usage: $PROG [-n] [-l LOCKFILE]
  -n  dry run: download and verify, but do not install
  -l  lock file (default: release.lock)
Lock file: <tool> <version> <url-template> <sha256>
EOF
}

while getopts ':nl:h' opt; do
  case $opt in
    n) DRY_RUN=1 ;;
    l) LOCK_FILE=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

platform() {
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case $(uname -m) in
    x86_64|amd64) arch=amd64 ;;
    aarch64|arm64) arch=arm64 ;;
    *) die "unsupported machine $(uname -m)" ;;
  esac
  printf '%s-%s' "$os" "$arch"
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

cleanup() { rm -rf "$WORK_DIR"; }
trap cleanup EXIT

install_release() {
  local tool=$1 version=$2 tmpl=$3 want=$4 plat url archive got
  plat=$(platform)
  url=${tmpl//@VERSION@/$version}
  url=${url//@PLATFORM@/$plat}
  archive="${WORK_DIR}/${tool}-${version}.tar.gz"

  say "downloading $tool $version for $plat"
  curl -fsSL --proto '=https' --max-time "$TIMEOUT" -o "$archive" "$url" \
    || die "download failed: $url"
  got=$(sha256_of "$archive")
  [ "$got" = "$want" ] || die "checksum mismatch for $tool: expected $want, got $got"

  mkdir -p "${WORK_DIR}/unpack"
  tar -xzf "$archive" -C "${WORK_DIR}/unpack" --no-same-owner "${tool}"
  [ -f "${WORK_DIR}/unpack/${tool}" ] || die "archive does not contain ${tool}"

  if [ "$DRY_RUN" -eq 1 ]; then
    say "dry run: would install ${tool} to ${PREFIX}/bin"
    return 0
  fi
  say "installing ${tool} into ${PREFIX}/bin (needs administrator rights)"
  sudo install -d -m 0755 "${PREFIX}/bin" "${PREFIX}/share/doc/${tool}"
  sudo install -o root -g root -m 0755 "${WORK_DIR}/unpack/${tool}" "${PREFIX}/bin/${tool}"
  printf '%s %s\n' "$version" "$want" | sudo tee "${PREFIX}/share/doc/${tool}/INSTALLED" >/dev/null
}

main() {
  [ -r "$LOCK_FILE" ] || die "cannot read $LOCK_FILE"
  mkdir -p "$WORK_DIR"
  local tool version tmpl sum count=0
  while read -r tool version tmpl sum _; do
    case ${tool:-#} in \#*) continue ;; esac
    [ -n "${sum:-}" ] || die "malformed entry for $tool"
    install_release "$tool" "$version" "$tmpl" "$sum"
    count=$((count + 1))
  done < "$LOCK_FILE"
  say "installed $count tool(s)"
}

main "$@"
