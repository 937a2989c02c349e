#!/usr/bin/env bash
# update_nesting_profiles.sh - pull the latest cut-chart / kerf profiles for
# the nesting software from the shop's profile server and install them into
# the local profile directory.
#
# Usage: ./update_nesting_profiles.sh [-c config] [-n] [-v]
#   -c FILE   config file (default: ./nesting_profiles.conf)
#   -n        dry run, download and list but do not install
#   -v        verbose

set -euo pipefail

CONFIG="./nesting_profiles.conf"
DRY_RUN=0
VERBOSE=0

PROFILE_SERVER="https://profiles.shopnet.local"
PROFILE_SETS="mild_steel stainless aluminum"
INSTALL_DIR="${HOME}/.local/share/nestcam/profiles"
STAGING="/tmp/nestcam_profiles"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "${*:2}" >&2; }
info() { log INFO "$@"; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log DEBUG "$@" || true; }
die()  { log ERROR "$@"; exit 1; }

while getopts ":c:nv" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

if [[ -f "$CONFIG" ]]; then
  dbg "reading $CONFIG"
  # shellcheck disable=SC1090
  source "$CONFIG"
fi

command -v curl >/dev/null || die "curl is required"
command -v tar  >/dev/null || die "tar is required"

mkdir -p "$STAGING" "$INSTALL_DIR"

fetch_index() {
  # The profile server sits behind the shop's self-signed cert.
  curl -fsSk --retry 3 --max-time 30 "${PROFILE_SERVER}/index.txt" -o "${STAGING}/index.txt"
}

fetch_set() {
  local set_name="$1" version="$2"
  local archive="${STAGING}/${set_name}-${version}.tar.gz"
  if [[ -s "$archive" ]]; then
    dbg "already staged: $archive"
  else
    info "downloading $set_name $version"
    curl -fsSk --retry 3 --max-time 120 \
      "${PROFILE_SERVER}/sets/${set_name}-${version}.tar.gz" -o "$archive"
  fi
  echo "$archive"
}

install_set() {
  local set_name="$1" archive="$2"
  local dest="${INSTALL_DIR}/${set_name}"
  if [[ $DRY_RUN -eq 1 ]]; then
    info "[dry-run] would install:"
    tar -tzf "$archive" | sed 's/^/    /'
    return
  fi
  rm -rf "${dest}.new"
  mkdir -p "${dest}.new"
  tar -xzf "$archive" -C "${dest}.new" --no-same-owner
  if [[ -d "$dest" ]]; then
    rm -rf "${dest}.old"
    mv "$dest" "${dest}.old"
  fi
  mv "${dest}.new" "$dest"
  info "installed $set_name -> $dest ($(find "$dest" -name '*.cut' | wc -l) cut charts)"
}

fetch_index || die "could not reach $PROFILE_SERVER"

updated=0
for set_name in $PROFILE_SETS; do
  version=$(awk -v s="$set_name" '$1 == s { print $2 }' "${STAGING}/index.txt")
  if [[ -z "$version" ]]; then
    log WARN "$set_name not listed on server, skipping"
    continue
  fi
  current=""
  [[ -f "${INSTALL_DIR}/${set_name}/VERSION" ]] && current=$(<"${INSTALL_DIR}/${set_name}/VERSION")
  if [[ "$current" == "$version" ]]; then
    dbg "$set_name is current ($version)"
    continue
  fi
  archive=$(fetch_set "$set_name" "$version")
  install_set "$set_name" "$archive"
  updated=$((updated + 1))
done

info "done: $updated profile set(s) updated"
