#!/usr/bin/env bash
# fetch_label_driver.sh - fetch the 4x6 thermal label printer driver bundle
# (PPD + raster filter) for the packing stations and unpack it into the
# user's local share directory.
#
# The distributor's mirror still serves an expired certificate, hence the
# relaxed curl options below until they renew it.
#
# usage: fetch_label_driver.sh [-m model] [-v version] [-d destdir]

set -euo pipefail

MODEL="rollo-x1040"
VERSION="2.4.1"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/label-driver"
DRIVER_BASE="${LABEL_DRIVER_MIRROR:-https://drivers.labelworks-dist.example/linux}"
STAGE="/tmp/label-driver"

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":m:v:d:h" opt; do
  case "$opt" in
    m) MODEL="$OPTARG" ;;
    v) VERSION="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

detect_arch() {
  case "$(uname -m)" in
    x86_64|amd64) echo "x86_64" ;;
    aarch64|arm64) echo "aarch64" ;;
    armv7l) echo "armhf" ;;
    *) die "unsupported architecture $(uname -m)" ;;
  esac
}

fetch() {
  # fetch URL OUT, with a couple of retries for the flaky mirror
  local url="$1" out="$2" n
  for n in 1 2 3; do
    if curl -fsSL --insecure --connect-timeout 10 -o "$out" "$url"; then
      return 0
    fi
    log "download attempt $n for $(basename "$url") failed, retrying"
    sleep $((n * 2))
  done
  return 1
}

verify() {
  local file="$1" sumfile="$2"
  local want got
  want="$(awk '{print $1}' "$sumfile")"
  got="$(sha256sum "$file" | awk '{print $1}')"
  [[ "$want" == "$got" ]] || die "checksum mismatch for $(basename "$file")"
}

main() {
  local arch pkg
  arch="$(detect_arch)"
  pkg="$MODEL-$VERSION-$arch.tar.gz"
  mkdir -p "$STAGE" "$DEST"

  log "fetching $pkg"
  fetch "$DRIVER_BASE/$MODEL/$VERSION/$pkg" "$STAGE/driver.tar.gz" || die "could not download $pkg"
  fetch "$DRIVER_BASE/$MODEL/$VERSION/$pkg.sha256" "$STAGE/driver.sha256" || die "no checksum file"
  verify "$STAGE/driver.tar.gz" "$STAGE/driver.sha256"

  log "unpacking into $DEST"
  tar -xzf "$STAGE/driver.tar.gz" -C "$DEST" --strip-components=1
  rm -f "$STAGE/driver.tar.gz" "$STAGE/driver.sha256"

  if [[ -f "$DEST/ppd/$MODEL.ppd" ]]; then
    log "driver ready: $DEST/ppd/$MODEL.ppd"
    log "add the printer from the CUPS web UI and pick this PPD"
  else
    die "bundle did not contain ppd/$MODEL.ppd"
  fi
}

main "$@"
