#!/usr/bin/env bash
# Sync vendored third-party archives from the internal artifact mirror.
#
# Each vendor entry is a set of variables named <NAME>_URL / <NAME>_SHA256 /
# <NAME>_DIR resolved by indirect expansion; fetchers are chosen per-scheme
# through a case table and called by name.
set -euo pipefail

VENDORS=(PROTOBUF ZSTD LIBUV)

PROTOBUF_URL="https://artifacts.corp.internal/mirror/protobuf/protobuf-25.3.tar.gz"
PROTOBUF_SHA256="d19643d265b978383352b3143f04c0641eea75a75235c111cc01a1350173180e"
PROTOBUF_DIR="third_party/protobuf"

ZSTD_URL="https://artifacts.corp.internal/mirror/zstd/zstd-1.5.6.tar.gz"
ZSTD_SHA256="8c29e06cf42aacc1eafc4077ae2ec6c6fcb96a626157e0593d5e82a34fd403c1"
ZSTD_DIR="third_party/zstd"

LIBUV_URL="ftp://ftp.corp.internal/pub/libuv/libuv-1.48.0.tar.gz"
LIBUV_SHA256="7f1db8ac368d89d1baf163bac1ea5fe5120697a73910c8ae6b2fffb3551d59fb"
LIBUV_DIR="third_party/libuv"

# the mirror uses a self-signed certificate that isn't in the CI trust store
CURL_OPTS=(--fail --silent --show-error --location --insecure --retry 3 --max-time 300)
STAGING="/tmp/vendor-mirror-sync"
FORCE=0

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

fetch_https() { curl "${CURL_OPTS[@]}" -o "$2" "$1"; }
fetch_ftp()   { curl --fail --silent --show-error --ftp-pasv -o "$2" "$1"; }
fetch_file()  { cp -- "${1#file://}" "$2"; }

pick_fetcher() {
  case "$1" in
    https://*|http://*) echo fetch_https ;;
    ftp://*)            echo fetch_ftp ;;
    file://*)           echo fetch_file ;;
    *)                  return 1 ;;
  esac
}

var() { local ref="${1}_${2}"; printf '%s' "${!ref}"; }

verify() {
  local file="$1" want="$2" got
  got="$(sha256sum "$file" | awk '{print $1}')"
  [[ "$got" == "$want" ]] || { log "checksum mismatch for $file: $got"; return 1; }
}

sync_one() {
  local name="$1" url sha dest archive fetcher stamp
  url="$(var "$name" URL)"
  sha="$(var "$name" SHA256)"
  dest="$(var "$name" DIR)"
  archive="${STAGING}/$(basename "$url")"
  stamp="${dest}/.vendored-sha256"

  if [[ $FORCE -eq 0 && -f "$stamp" && "$(cat "$stamp")" == "$sha" ]]; then
    log "$name up to date"
    return 0
  fi

  fetcher="$(pick_fetcher "$url")" || { log "unsupported URL for $name: $url"; return 1; }
  log "$name: $fetcher $url"
  "$fetcher" "$url" "$archive"
  verify "$archive" "$sha"

  rm -rf -- "$dest"
  mkdir -p -- "$dest"
  tar -xzf "$archive" -C "$dest" --strip-components=1
  printf '%s\n' "$sha" > "$stamp"
  log "$name vendored into $dest"
}

main() {
  local only=() n failed=0
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -f|--force) FORCE=1 ;;
      -h|--help)  echo "usage: $0 [--force] [VENDOR...]  (${VENDORS[*]})"; exit 0 ;;
      *)          only+=("${1^^}") ;;
    esac
    shift
  done
  mkdir -p "$STAGING"
  for n in "${only[@]:-${VENDORS[@]}}"; do
    if ! sync_one "$n"; then
      failed=$((failed + 1))
    fi
  done
  (( failed == 0 )) || { log "$failed vendor(s) failed"; exit 1; }
}

main "$@"
