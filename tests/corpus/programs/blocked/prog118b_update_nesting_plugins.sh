#!/usr/bin/env bash
# update_nesting_plugins.sh - keep the nesting software's plugins (common-line
# cutting, bevel heads, remnant tracking) in step with the release channel.
#
# Usage: ./update_nesting_plugins.sh [-c config] [-q]

set -eu

CONFIG="${NESTCAM_PLUGIN_CONF:-./nesting_plugins.conf}"
QUIET=0

RELEASE_URL="https://dl.nestcam-plugins.net/stable"
PLUGINS="common_line bevel_head remnant_tracker"
PLUGIN_DIR="${HOME}/.local/share/nestcam/plugins"
CACHE_DIR="./.plugin_cache"

say() { [ "$QUIET" -eq 1 ] || printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":c:q" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    q) QUIET=1 ;;
    *) fail "usage: $0 [-c config] [-q]" ;;
  esac
done

[ -r "$CONFIG" ] && . "$CONFIG"

command -v wget >/dev/null 2>&1 || fail "wget not found"
command -v sha256sum >/dev/null 2>&1 || fail "sha256sum not found"

mkdir -p "$PLUGIN_DIR" "$CACHE_DIR"

get() {
  # get URL DEST
  wget -q --tries=3 --timeout=30 -O "$2" "$1"
}

refresh_manifest() {
  get "${RELEASE_URL}/SHA256SUMS" "${CACHE_DIR}/SHA256SUMS" \
    || fail "cannot fetch manifest from ${RELEASE_URL}"
}

latest_archive() {
  # newest archive for a plugin according to the manifest
  awk -v p="$1" '$2 ~ "^"p"-" { print $2 }' "${CACHE_DIR}/SHA256SUMS" | sort -V | tail -n1
}

verify() {
  ( cd "$CACHE_DIR" && grep " $1\$" SHA256SUMS | sha256sum -c --status - )
}

run_hooks() {
  # Plugins ship their own registration step (menu entries, post-processor
  # links); run it from inside the plugin directory.
  dest="$1"
  for hook in "$dest"/hooks/post-install "$dest"/postinst.sh; do
    if [ -f "$hook" ]; then
      say "running $(basename "$hook") for $(basename "$dest")"
      ( cd "$dest" && sh "$hook" "$dest" ) || warn "hook $hook exited non-zero"
    fi
  done
}

install_plugin() {
  name="$1"
  archive=$(latest_archive "$name")
  [ -n "$archive" ] || { warn "no release for $name"; return 0; }

  version=${archive#"$name"-}
  version=${version%.tar.gz}
  dest="${PLUGIN_DIR}/${name}"
  if [ -f "${dest}/.version" ] && [ "$(cat "${dest}/.version")" = "$version" ]; then
    say "$name $version already installed"
    return 0
  fi

  say "fetching $archive"
  get "${RELEASE_URL}/${archive}" "${CACHE_DIR}/${archive}" || { warn "download failed: $archive"; return 1; }
  verify "$archive" || { warn "checksum mismatch: $archive"; return 1; }

  rm -rf "${dest}.tmp"
  mkdir -p "${dest}.tmp"
  tar -xzf "${CACHE_DIR}/${archive}" -C "${dest}.tmp" --strip-components=1
  rm -rf "$dest"
  mv "${dest}.tmp" "$dest"
  printf '%s\n' "$version" > "${dest}/.version"

  run_hooks "$dest"
  say "$name updated to $version"
}

refresh_manifest
rc=0
for p in $PLUGINS; do
  install_plugin "$p" || rc=1
done

find "$CACHE_DIR" -name '*.tar.gz' -mtime +30 -delete 2>/dev/null || true
exit $rc
